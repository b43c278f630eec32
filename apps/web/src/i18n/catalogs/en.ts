/*
 * Every English message of the web app, one JSON file per part of it (ADR 0035). A part's keys
 * start with its name; a new file is added here and in ar.ts.
 */
import app from './en/app.json';
import account from './en/account.json';
import auth from './en/auth.json';
import profiles from './en/profiles.json';
import sell from './en/sell.json';

export default { ...app, ...account, ...auth, ...profiles, ...sell };
