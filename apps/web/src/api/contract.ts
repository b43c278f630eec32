import type { API as Contract, Endpoint } from '@souq/shared';

/**
 * The contract's endpoints as the browser sends them: each one's method and path, and its types.
 *
 * Not the contract itself: `API` in @souq/shared holds every endpoint's zod schemas, and importing
 * it would put them all in the first visit's scripts (issue 11's budget). This table is checked
 * against the contract twice: by the compiler (the type below demands each endpoint, with the
 * contract's exact method and path) and by contract.test.ts (the same, at run time).
 */
export interface Route<E extends Endpoint = Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never set: it carries the endpoint's declaration to call(), which types the request and answer by it. */
  readonly endpoint?: E;
}

type Routes<C> = {
  readonly [G in keyof C]: { readonly [N in keyof C[G]]: C[G][N] extends Endpoint ? Route<C[G][N]> : never };
};

export const API: Routes<typeof Contract> = {
  accounts: {
    me: { method: 'GET', path: '/api/auth/me' },
    setLocale: { method: 'PUT', path: '/api/me/locale' },
    register: { method: 'POST', path: '/api/auth/register' },
    login: { method: 'POST', path: '/api/auth/login' },
    logout: { method: 'POST', path: '/api/auth/logout' },
    logoutAll: { method: 'POST', path: '/api/auth/logout-all' },
    resendVerification: { method: 'POST', path: '/api/auth/resend-verification' },
    verifyEmail: { method: 'POST', path: '/api/auth/verify-email' },
    passwordReset: { method: 'POST', path: '/api/auth/password-reset' },
    passwordResetConfirm: { method: 'POST', path: '/api/auth/password-reset/confirm' },
    changePassword: { method: 'POST', path: '/api/auth/password' },
    providers: { method: 'GET', path: '/api/auth/providers' },
    googleStart: { method: 'GET', path: '/api/auth/google/start' },
    googleCallback: { method: 'GET', path: '/api/auth/google/callback' },
  },
  addresses: {
    map: { method: 'GET', path: '/api/map' },
    list: { method: 'GET', path: '/api/addresses' },
    create: { method: 'POST', path: '/api/addresses' },
    update: { method: 'PUT', path: '/api/addresses/:id' },
    remove: { method: 'DELETE', path: '/api/addresses/:id' },
    makeDefault: { method: 'POST', path: '/api/addresses/:id/default' },
  },
  delivery: {
    mine: { method: 'GET', path: '/api/me/deliveries' },
    record: { method: 'POST', path: '/api/sales/:id/attempts' },
    cancelFailed: { method: 'POST', path: '/api/sales/:id/delivery-failed' },
    reply: { method: 'POST', path: '/api/delivery-attempts/:id/reply' },
    dispute: { method: 'POST', path: '/api/delivery-attempts/:id/dispute' },
    codStanding: { method: 'GET', path: '/api/me/cod' },
    stats: { method: 'GET', path: '/api/me/delivery-stats' },
    queue: { method: 'GET', path: '/api/admin/cod' },
    decide: { method: 'POST', path: '/api/admin/refusals/:id/decide' },
    lift: { method: 'POST', path: '/api/admin/cod-blocks/:id/lift' },
  },
  admin: {
    audit: { method: 'GET', path: '/api/admin/audit' },
  },
  aftersale: {
    cancelLate: { method: 'POST', path: '/api/order-lines/:id/cancel' },
    rate: { method: 'POST', path: '/api/order-lines/:id/rating' },
    reply: { method: 'POST', path: '/api/ratings/:id/reply' },
    standing: { method: 'GET', path: '/api/sellers/:id/standing' },
    ratings: { method: 'GET', path: '/api/sellers/:id/ratings' },
    mine: { method: 'GET', path: '/api/me/aftersale' },
    openProblem: { method: 'POST', path: '/api/order-lines/:id/problem' },
    problemPhoto: { method: 'GET', path: '/api/problems/:id/photos/:n' },
    answer: { method: 'POST', path: '/api/problems/:id/answer' },
    escalate: { method: 'POST', path: '/api/problems/:id/escalate' },
    disputes: { method: 'GET', path: '/api/admin/disputes' },
    decide: { method: 'POST', path: '/api/admin/disputes/:id/decide' },
  },
  reports: {
    create: { method: 'POST', path: '/api/reports' },
    queue: { method: 'GET', path: '/api/admin/reports' },
    act: { method: 'POST', path: '/api/admin/reports/:id/action' },
    restore: { method: 'POST', path: '/api/admin/restore' },
  },
  auctions: {
    time: { method: 'GET', path: '/api/time' },
    list: { method: 'GET', path: '/api/auctions' },
    detail: { method: 'GET', path: '/api/auctions/:id' },
    bids: { method: 'GET', path: '/api/auctions/:id/bids' },
    bySeller: { method: 'GET', path: '/api/users/:id/auctions' },
    start: { method: 'POST', path: '/api/products/:id/auction' },
    placeBid: { method: 'POST', path: '/api/auctions/:id/bids' },
    cancel: { method: 'POST', path: '/api/auctions/:id/cancel' },
    relist: { method: 'POST', path: '/api/auctions/:id/relist' },
  },
  catalog: {
    list: { method: 'GET', path: '/api/products' },
    search: { method: 'GET', path: '/api/search' },
    detail: { method: 'GET', path: '/api/products/:id' },
    create: { method: 'POST', path: '/api/products' },
    update: { method: 'PUT', path: '/api/products/:id' },
    remove: { method: 'DELETE', path: '/api/products/:id' },
    like: { method: 'PUT', path: '/api/products/:id/like' },
    unlike: { method: 'DELETE', path: '/api/products/:id/like' },
    invoice: { method: 'GET', path: '/api/products/:id/invoice' },
    view: { method: 'POST', path: '/api/products/:id/view' },
    myViews: { method: 'GET', path: '/api/me/product-views' },
  },
  feed: {
    page: { method: 'GET', path: '/api/feed' },
    events: { method: 'POST', path: '/api/feed/events' },
    notInterested: { method: 'POST', path: '/api/feed/not-interested' },
  },
  notifications: {
    list: { method: 'GET', path: '/api/notifications' },
    markAllRead: { method: 'POST', path: '/api/notifications/read' },
  },
  orders: {
    quote: { method: 'POST', path: '/api/orders/quote' },
    place: { method: 'POST', path: '/api/orders' },
    address: { method: 'POST', path: '/api/orders/:id/address' },
    mine: { method: 'GET', path: '/api/orders' },
    sales: { method: 'GET', path: '/api/sales' },
    moveSale: { method: 'POST', path: '/api/sales/:id/status' },
    ordersCsv: { method: 'GET', path: '/api/me/orders.csv' },
    salesCsv: { method: 'GET', path: '/api/me/sales.csv' },
    documents: { method: 'GET', path: '/api/orders/:id/invoices' },
    documentPdf: { method: 'GET', path: '/api/invoices/:id/pdf' },
  },
  profiles: {
    get: { method: 'GET', path: '/api/users/:id' },
    products: { method: 'GET', path: '/api/users/:id/products' },
    update: { method: 'PUT', path: '/api/me/profile' },
    taxDetails: { method: 'GET', path: '/api/me/tax-details' },
    saveTaxDetails: { method: 'PUT', path: '/api/me/tax-details' },
    photo: { method: 'POST', path: '/api/me/photo' },
    likes: { method: 'GET', path: '/api/me/likes' },
    follow: { method: 'PUT', path: '/api/users/:id/follow' },
    unfollow: { method: 'DELETE', path: '/api/users/:id/follow' },
  },
  reviews: {
    list: { method: 'GET', path: '/api/products/:id/reviews' },
    create: { method: 'POST', path: '/api/products/:id/reviews' },
  },
  streams: {
    list: { method: 'GET', path: '/api/streams' },
    detail: { method: 'GET', path: '/api/streams/:id' },
    video: { method: 'GET', path: '/api/streams/:id/video' },
    start: { method: 'POST', path: '/api/streams' },
    end: { method: 'POST', path: '/api/streams/:id/end' },
    deleteMessage: { method: 'DELETE', path: '/api/streams/:id/messages/:messageId' },
    removeViewer: { method: 'POST', path: '/api/streams/:id/removed/:userId' },
    upcoming: { method: 'GET', path: '/api/streams/upcoming' },
    goLive: { method: 'POST', path: '/api/streams/:id/live' },
    addLot: { method: 'POST', path: '/api/streams/:id/lots' },
    editLot: { method: 'PUT', path: '/api/streams/:id/lots/:lotId' },
    dropLot: { method: 'DELETE', path: '/api/streams/:id/lots/:lotId' },
    reorderLots: { method: 'PUT', path: '/api/streams/:id/lots' },
    startLot: { method: 'POST', path: '/api/streams/:id/lots/:lotId/start' },
    prebid: { method: 'PUT', path: '/api/streams/:id/lots/:lotId/prebid' },
    pin: { method: 'POST', path: '/api/streams/:id/pins' },
    unpin: { method: 'DELETE', path: '/api/streams/:id/pins/:pinId' },
    buy: { method: 'POST', path: '/api/streams/:id/pins/:pinId/buy' },
    startGiveaway: { method: 'POST', path: '/api/streams/:id/giveaways' },
    enterGiveaway: { method: 'POST', path: '/api/streams/:id/giveaways/:giveawayId/entries' },
    giveawayDraw: { method: 'GET', path: '/api/admin/giveaways/:giveawayId' },
    recordPiece: { method: 'POST', path: '/api/streams/:id/replay/pieces' },
    replay: { method: 'GET', path: '/api/streams/:id/replay' },
    deleteReplay: { method: 'DELETE', path: '/api/streams/:id/replay' },
    remind: { method: 'PUT', path: '/api/streams/:id/reminder' },
    forget: { method: 'DELETE', path: '/api/streams/:id/reminder' },
    mutedWords: { method: 'PUT', path: '/api/streams/:id/muted-words' },
    mute: { method: 'POST', path: '/api/streams/:id/muted/:userId' },
    moderators: { method: 'GET', path: '/api/me/moderators' },
    addModerator: { method: 'POST', path: '/api/me/moderators' },
    removeModerator: { method: 'DELETE', path: '/api/me/moderators/:userId' },
    uploadClip: { method: 'POST', path: '/api/streams/:id/lots/:lotId/clip' },
  },
  system: {
    health: { method: 'GET', path: '/api/health' },
    ready: { method: 'GET', path: '/api/ready' },
    openapi: { method: 'GET', path: '/api/openapi.json' },
    docs: { method: 'GET', path: '/api/docs' },
  },
  wins: {
    askCancel: { method: 'POST', path: '/api/orders/:id/cancel-request' },
    answerCancel: { method: 'POST', path: '/api/sales/:id/cancel-request' },
    offerSecondChance: { method: 'POST', path: '/api/auctions/:id/second-chance' },
    acceptSecondChance: { method: 'POST', path: '/api/second-chance/:id/accept' },
    declineSecondChance: { method: 'POST', path: '/api/second-chance/:id/decline' },
    myStrikes: { method: 'GET', path: '/api/me/strikes' },
    struckPeople: { method: 'GET', path: '/api/admin/strikes' },
  },
  savedSearches: {
    list: { method: 'GET', path: '/api/saved-searches' },
    create: { method: 'POST', path: '/api/saved-searches' },
    remove: { method: 'DELETE', path: '/api/saved-searches/:id' },
  },
  dashboard: {
    sales: { method: 'GET', path: '/api/me/dashboard/sales' },
    ordersByStatus: { method: 'GET', path: '/api/me/dashboard/orders-by-status' },
    topProducts: { method: 'GET', path: '/api/me/dashboard/top-products' },
    auctions: { method: 'GET', path: '/api/me/dashboard/auctions' },
    auctionBids: { method: 'GET', path: '/api/me/dashboard/auctions/:id/bids' },
    shows: { method: 'GET', path: '/api/me/dashboard/shows' },
  },
  privacy: {
    status: { method: 'GET', path: '/api/me/privacy' },
    requestExport: { method: 'POST', path: '/api/me/data-export' },
    downloadExport: { method: 'GET', path: '/api/me/data-export/:id' },
    deleteAccount: { method: 'POST', path: '/api/me/delete' },
    staffExport: { method: 'POST', path: '/api/admin/data-rights/export' },
    staffErase: { method: 'POST', path: '/api/admin/data-rights/erase' },
  },
};
