import { describe, expect, it } from 'vitest';
import { keptAnswer, keptPage, pageKey } from './kept';

const origin = 'https://souq.example';
const get = (path: string, method = 'GET') => ({ method, url: new URL(path, origin) });

describe('what the service worker keeps for offline use', () => {
  it("keeps the shop's first page of products and a product's details", () => {
    for (const path of ['/api/products', '/api/products?sort=popular', '/api/products?category=Cars&sort=newest'])
      expect(keptAnswer(get(path), origin)).toBe(true);
    expect(keptAnswer(get('/api/products/3f0c0c9e-5a8e-4f5e-9a57-6c1d2d0b7a11'), origin)).toBe(true);
  });

  it('keeps no later page, nothing about a product but its details, nothing personal or live, nothing sent', () => {
    for (const path of [
      '/api/products?sort=popular&cursor=abc',
      '/api/products/p1/reviews',
      '/api/products/p1/offers',
      '/api/products/p1/invoice',
      '/api/auth/me',
      '/api/cart',
      '/api/auctions/a1',
      '/api/auctions/a1/bids',
      '/api/notifications',
      '/api/search?q=watch',
      '/socket.io/?EIO=4&transport=polling',
    ])
      expect(keptAnswer(get(path), origin), path).toBe(false);
    for (const method of ['POST', 'PUT', 'DELETE'])
      expect(keptAnswer(get('/api/products/p1', method), origin), method).toBe(false);
    expect(keptAnswer(get('https://elsewhere.example/api/products'), origin)).toBe(false);
  });

  it("keeps the shop's page and product pages, and no other page", () => {
    for (const path of ['/', '/?sort=price-asc', '/?source=pwa', '/product/p1', '/Product/p1/'])
      expect(keptPage(get(path), origin), path).toBe(true);
    for (const path of ['/cart', '/checkout', '/auction/a1', '/livestream/s1', '/MyAccount', '/product/p1/edit'])
      expect(keptPage(get(path), origin), path).toBe(false);
  });

  it("keeps one copy of the shop's page whether the installed app or the browser opened it", () => {
    expect(pageKey(new URL('/?source=pwa', origin))).toBe(pageKey(new URL('/', origin)));
    expect(pageKey(new URL('/?sort=newest&source=pwa', origin))).toBe(`${origin}/?sort=newest`);
  });
});
