/*
 * Every English message of the web app, one JSON file per part of it (ADR 0035). A part's keys
 * start with its name; a new file is added here and in ar.ts.
 */
import app from './en/app.json';
import auctions from './en/auctions.json';
import live from './en/live.json';
import feed from './en/feed.json';
import notifications from './en/notifications.json';

export default { ...app, ...auctions, ...live, ...feed, ...notifications };
