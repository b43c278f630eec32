import type { MSG } from '../messages.js';
import type { ArabicCatalog } from './localize.js';
import { codBlockedUntilAr, codOrderTooLargeAr, codTooManyOpenAr, COD_MSG_AR } from './messages-ar-cod.js';
import { OFFER_MSG_AR } from './messages-ar-offers.js';
import { PUSH_MSG_AR } from './messages-ar-push.js';
import { SHOW_PROMO_MSG_AR } from './messages-ar-shows.js';

/**
 * Every message of `MSG` in Modern Standard Arabic, as a Gulf shopper reads noon (issue 29). The
 * words follow docs/glossary.md: one thing, one name. "Souq" stays the brand in Latin letters, as
 * noon keeps "noon"; amounts are Western digits with د.إ after them ("10,000,000 د.إ").
 *
 * Kept out of the package's main entry (`@souq/shared/i18n/ar`), so an English visitor's first
 * bundle never carries it.
 */
export const MSG_AR: Record<keyof typeof MSG, string> = {
  ...COD_MSG_AR,
  ...OFFER_MSG_AR,
  ...PUSH_MSG_AR,
  ...SHOW_PROMO_MSG_AR,
  // Register
  fillAllFields: 'يرجى تعبئة جميع الحقول.',
  invalidEmail: 'يرجى إدخال عنوان بريد إلكتروني صالح.',
  passwordTooShort: 'يجب ألا تقل كلمة المرور عن 6 أحرف.',
  passwordsDoNotMatch: 'كلمتا المرور غير متطابقتين.',
  usernameTooShort: 'يجب ألا يقل اسم المستخدم عن 3 أحرف.',
  invalidPhone: 'أدخل رقم هاتف صالحًا من 10 إلى 15 رقمًا.',
  // Login
  loginRequired: 'يرجى إدخال البريد الإلكتروني وكلمة المرور.',
  invalidEmailFormat: 'صيغة البريد الإلكتروني غير صحيحة.',
  // Gates: signed in, verified
  mustBeLoggedIn: 'يجب تسجيل الدخول للقيام بهذا الإجراء.',
  verificationSent: 'أرسلنا رسالة التأكيد. يرجى مراجعة بريدك الوارد وتأكيد بريدك الإلكتروني.',
  verificationSendFailed: 'تعذّر إرسال رسالة التأكيد. يرجى المحاولة لاحقًا.',
  emailNotVerified: 'لم يتم تأكيد بريدك الإلكتروني',
  resendVerification: 'إعادة إرسال رسالة التأكيد',
  emailSent: 'تم إرسال الرسالة!',

  // Add product
  titleTooShort: 'يجب ألا يقل العنوان عن 3 أحرف.',
  descriptionTooShort: 'يجب ألا يقل الوصف عن 10 أحرف.',
  pricePositive: 'يجب أن يكون السعر رقمًا موجبًا.',
  brandRequired: 'العلامة التجارية مطلوبة.',
  weightPositive: 'يجب أن يكون الوزن رقمًا موجبًا.',
  dimensionsFormat: 'يجب أن تكون الأبعاد بالصيغة LxWxH (مثال: 10x20x30)',
  selectCategory: 'يرجى اختيار الفئة.',
  imageRequired: 'يلزم إضافة صورة واحدة على الأقل.',
  correctErrors: 'يرجى تصحيح الأخطاء قبل الإرسال.',
  uploadFailed: 'حدث خطأ أثناء الرفع.',
  // Review
  reviewBlank: 'يرجى كتابة مراجعتك.',
  reviewLoginRequired: 'يجب تسجيل الدخول لكتابة مراجعة.',
  reviewDuplicate: 'لقد كتبت مراجعة لهذا المنتج من قبل.',
  reviewVerifyRequired: 'يلزم تأكيد البريد الإلكتروني لإرسال المراجعات.',
  reviewProductMissing: 'معلومات المنتج غير متوفرة. يرجى تحديث الصفحة.',
  reviewThanks: 'لقد كتبت مراجعة لهذا المنتج من قبل. شكرًا على ملاحظاتك!',
  reviewFailed: 'تعذّر إرسال المراجعة:',
  // Lists
  loadingProducts: 'جارٍ تحميل المنتجات...',
  noProductsInCategory: 'لا توجد منتجات في هذه الفئة...',
  noProductsFound: 'لم يتم العثور على منتجات',
  // Auctions
  bidLoginRequired: 'يجب تسجيل الدخول لتقديم مزايدة.',
  bidOwnAuction: 'لا يمكنك المزايدة على مزادك.',
  bidTooLow: 'يجب أن تكون قيمة المزايدة أعلى من المزايدة الحالية.',
  bidFailed: 'تعذّر تقديم المزايدة. يرجى المحاولة لاحقًا.',
  auctionNotFound: 'المزاد غير موجود',
  auctionEnded: 'انتهى المزاد',
  invalidDate: 'تاريخ غير صالح',
  noAuctions: 'لا توجد مزادات حاليًا...',
  // Live auctions
  loadingStreams: 'جارٍ تحميل المزادات المباشرة...',
  noStreams: 'لا يوجد بث مباشر حاليًا',
  noStreamsHint: 'عد لاحقًا لمتابعة مزادات مباشرة جديدة، أو ابدأ مزادك المباشر!',
  untitledStream: 'بث بلا عنوان',
  anonymousHost: 'مجهول',
  streamLoginRequired: 'يرجى تسجيل الدخول لبدء بث مباشر.',
  streamVerifyRequired: 'يلزم تأكيد البريد الإلكتروني لاستضافة البث المباشر. يرجى تأكيد بريدك الإلكتروني.',
  streamTitleRequired: 'يرجى إدخال عنوان.',
  streamDevicesMissing:
    'تعذّر بدء البث: الكاميرا و/أو الميكروفون غير متوفرين. يرجى توصيل الأجهزة المطلوبة ثم تحديث الصفحة.',
  streamCoverTooLarge: 'يجب أن يكون حجم الصورة أقل من 5 ميغابايت',
  noVideoCamera: 'لا توجد كاميرا فيديو',
  startingStream: 'جارٍ بدء البث المباشر، يرجى الانتظار...',
  hostingStream: 'أنت مضيف هذا البث',
  streamEnded: 'انتهى البث',
  biddingEnded: 'انتهت المزايدة',
  connecting: 'جارٍ الاتصال...',
  live: 'مباشر',
  reconnecting: 'جارٍ إعادة الاتصال...',
  connectionFailed: 'فشل الاتصال. يرجى تحديث الصفحة.',
  chatUnverifiedPlaceholder: 'اكتب رسالة (أكّد بريدك الإلكتروني للمزايدة)',
  verifyToStream: 'أكّد بريدك الإلكتروني لبدء البث',
  devicesUnavailable: 'الكاميرا أو الميكروفون غير متوفر',
  missingDevices: 'الأجهزة المطلوبة غير متوفرة',
  cameraMissing: 'لم يتم العثور على الكاميرا أو تم رفض الإذن',
  microphoneMissing: 'لم يتم العثور على الميكروفون أو تم رفض الإذن',

  // Our own words, for cases the first product description left open.
  streamDurationRange: 'يجب أن تكون مدة المزايدة عددًا صحيحًا من الدقائق بين 1 و120.',
  streamChooseProduct: 'اختر المنتج الذي تبيعه.',
  streamNotFound: 'هذا البث غير موجود.',
  streamNotLive: 'انتهى هذا البث.',
  notStreamHost: 'هذا الإجراء متاح للمضيف فقط.',
  chatEmpty: 'اكتب رسالة أولًا.',
  chatTooLong: 'يجب ألا تتجاوز الرسالة 500 حرف.',
  chatRateLimited: 'أنت ترسل الرسائل بسرعة كبيرة. يرجى الانتظار قليلًا.',
  removedFromStream: 'أزالك المضيف من هذا البث.',
  hostCannotBid: 'لا يمكنك المزايدة في البث الذي تستضيفه.',
  joinStreamFirst: 'انضم إلى البث أولًا.',
  notStreamViewer: 'هذا المشاهد لا يتابع هذا البث.',
  removedCannotBid: 'أزالك المضيف من هذا البث، لذا لا يمكنك المزايدة في مزاده.',
  chatIdReused: 'معرّف هذه الرسالة مستخدم من قبل لرسالة أخرى.',
  streamFull: 'هذا البث ممتلئ حاليًا. لا يزال بإمكانك الدردشة والمزايدة.',
  alreadyStreaming: 'أنت تستضيف بثًا مباشرًا بالفعل.',
  startingBidPositive: 'يجب أن يكون سعر البدء مبلغًا موجبًا.',
  chooseDuration: 'اختر مدة المزاد.',
  chooseEndDate: 'اختر تاريخ ووقت انتهاء بعد دقيقة واحدة على الأقل من الآن.',
  endDateTooFar: 'لا يمكن أن تتجاوز مدة المزاد 30 يومًا.',
  reservePositive: 'يجب أن يكون السعر الاحتياطي مبلغًا موجبًا.',
  reserveBelowStart: 'لا يمكن أن يكون السعر الاحتياطي أقل من سعر البدء.',
  chooseClosingStyle: 'اختر الإغلاق المرن أو الإغلاق الفوري.',
  bidAmountInvalid: 'أدخل قيمة المزايدة بالدرهم الإماراتي.',
  maxBidInvalid: 'أدخل الحد الأقصى لمزايدتك بالدرهم الإماراتي.',
  maxBidBelowBid: 'لا يمكن أن يكون الحد الأقصى لمزايدتك أقل من مزايدتك.',
  idempotencyKeyInvalid: 'يجب أن يتكوّن ترويسة Idempotency-Key من 8 إلى 64 حرفًا أو رقمًا أو شرطة أو شرطة سفلية.',
  idempotencyKeyReused: 'مفتاح Idempotency-Key هذا مستخدم من قبل لطلب مختلف.',
  bidClosed: 'انتهى هذا المزاد. لم تعد المزايدات مقبولة.',
  bidRateLimited: 'أنت تزايد بسرعة كبيرة. يرجى الانتظار بضع ثوانٍ ثم المحاولة مجددًا.',
  alreadyOnAuction: 'هذا المنتج معروض في مزاد بالفعل.',
  notAuctionSeller: 'لا يمكن تعديل هذا المزاد إلا من قِبل البائع.',
  auctionHasBids: 'لا يمكن إلغاء مزاد عليه مزايدات.',
  auctionNotCancellable: 'يمكن إلغاء المزاد المفتوح الذي لا مزايدات عليه فقط.',
  auctionNotRelistable: 'يمكن إعادة عرض المزاد الذي انتهى دون بيع أو أُلغي فقط.',
  productOnAuction: 'هذا المنتج معروض في مزاد ولا يمكن تعديله حتى ينتهي المزاد.',
  outbidAtOnce: 'الحد الأقصى لمزايد آخر أعلى: تم تجاوز مزايدتك.',
  bidPlaced: 'تم تقديم مزايدتك. لديك أعلى مزايدة.',
  maxRaised: 'تم رفع الحد الأقصى لمزايدتك. لا تزال لديك أعلى مزايدة.',
  bidCapReached: 'بلغت المزايدة 10,000,000.00 د.إ، وهو أعلى مبلغ يقبله Souq: لا يمكن تقديم مزايدة أعلى.',
  orderNotAwaitingAddress: 'هذا الطلب لديه عنوان توصيل بالفعل.',
  invalidOrderStatus: 'اختر حالة طلب صالحة.',
  saleNotFound: 'لم يتم العثور على عملية البيع هذه.',
  fulfilmentNotAllowed: 'لا يمكن نقل هذا الطلب إلى هذه الحالة.',
  fulfilmentChanged: 'تم تحديث هذا الطلب من مكان آخر. حدّث الصفحة لمعرفة حالته الحالية.',
  fulfilmentNeedsAddress: 'لم يُدخل المشتري عنوان التوصيل بعد.',
  orderNotFound: 'هذا الطلب غير موجود.',
  titleTooLong: 'يجب ألا يتجاوز العنوان 120 حرفًا.',
  descriptionTooLong: 'يجب ألا يتجاوز الوصف 5000 حرف.',
  priceTooLarge: 'يجب ألا يتجاوز السعر 10,000,000 د.إ.',
  previousPricePositive: 'يجب أن يكون السعر السابق رقمًا موجبًا.',
  selectCondition: 'يرجى اختيار الحالة: جديد أو مستعمل أو مجدَّد.',
  brandTooLong: 'يجب ألا تتجاوز العلامة التجارية 100 حرف.',
  countryRequired: 'بلد المنشأ مطلوب.',
  countryTooLong: 'يجب ألا يتجاوز بلد المنشأ 100 حرف.',
  tooManyKeywords: 'استخدم 20 كلمة مفتاحية كحد أقصى.',
  tooManyImages: 'ارفع 8 صور كحد أقصى.',
  imageType: 'يجب أن تكون الصور بصيغة JPEG أو PNG أو WebP أو GIF أو AVIF.',
  invoiceType: 'يجب أن تكون الفاتورة ملف PDF أو صورة.',
  fileTooLarge: 'يجب ألا يتجاوز حجم كل ملف 8 ميغابايت.',
  imageTooManyPixels: 'هذه الصورة كبيرة جدًا: الحد الأقصى 40 ميغابكسل.',
  imageUnreadable: 'تعذّرت قراءة هذه الصورة. يرجى تجربة ملف آخر.',
  storageUnavailable: 'لا يمكن حفظ الملفات أو قراءتها الآن، لذا لم يُحفظ شيء. يرجى المحاولة بعد دقيقة.',
  notProductOwner: 'لا يمكن تعديل هذا المنتج إلا من قِبل البائع.',
  productNotFound: 'هذا المنتج غير موجود أو تمت إزالته.',
  reviewSubmitted: 'تم إرسال مراجعتك.',
  noReviews: 'لا توجد مراجعات بعد. كن أول من يكتب مراجعة لهذا المنتج.',
  noReviewsYet: 'لا توجد مراجعات بعد.',
  addedToCart: 'تمت الإضافة إلى سلة التسوق',
  confirmDeleteProduct: 'هل تريد حذف هذا المنتج؟ لا يمكن التراجع عن ذلك.',
  reviewLength: 'يجب أن تكون المراجعة بين 3 و500 حرف.',
  ratingRange: 'يجب أن يكون التقييم عددًا صحيحًا من 1 إلى 5.',
  usernameRequired: 'اسم المستخدم مطلوب.',
  photoRequired: 'اختر صورة لرفعها.',
  bioTooLong: 'يجب ألا تتجاوز النبذة 500 حرف.',
  cannotFollowSelf: 'لا يمكنك متابعة نفسك.',
  userNotFound: 'هذا المستخدم غير موجود.',
  invalidSort: 'طريقة ترتيب غير معروفة.',
  searchTooLong: 'يجب ألا يتجاوز نص البحث 100 حرف.',
  invalidCursor: 'انتهت صلاحية صفحة النتائج هذه. يرجى إعادة التحميل.',
  cartEmpty: 'سلة التسوق فارغة.',
  cannotBuyOwn: 'لا يمكنك شراء منتجك.',
  itemsUnavailable: 'بعض المنتجات في سلة التسوق لم تعد متوفرة. يرجى مراجعة سلة التسوق.',
  quantityRange: 'يجب أن تكون الكمية بين 1 و99.',
  selectEmirate: 'يرجى اختيار الإمارة.',
  addressRequired: 'يرجى إدخال عنوان التوصيل.',
  cannotReviewOwn: 'لا يمكنك كتابة مراجعة لمنتجك.',
  areaRequired: 'يرجى إدخال المنطقة.',
  streetRequired: 'يرجى إدخال عنوان الشارع.',
  orderPlaced: 'شكرًا لك! تم تقديم طلبك.',
  passwordTooLong: 'يجب ألا تتجاوز كلمة المرور 128 حرفًا.',
  usernameTooLong: 'يجب ألا يتجاوز اسم المستخدم 30 حرفًا.',
  usernameCharacters: 'يمكن أن يحتوي اسم المستخدم على الحروف والأرقام والنقاط والشرطات والشرطات السفلية فقط.',
  emailTaken: 'يوجد حساب بهذا البريد الإلكتروني بالفعل.',
  usernameTaken: 'اسم المستخدم هذا مستخدم بالفعل.',
  invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  passwordLoginUnavailable: 'يسجّل هذا الحساب الدخول عبر Google. استخدم "تسجيل الدخول عبر Google".',
  verificationRequired: 'يرجى تأكيد بريدك الإلكتروني للمتابعة.',
  tokenInvalid: 'هذا الرابط غير صالح أو انتهت صلاحيته. يرجى طلب رابط جديد.',
  emailVerified: 'تم تأكيد بريدك الإلكتروني. أهلًا بك في Souq!',
  alreadyVerified: 'بريدك الإلكتروني مؤكَّد بالفعل.',
  resetRequested: 'إذا كان هناك حساب بهذا البريد الإلكتروني، فقد أرسلنا إليه رابطًا لإعادة تعيين كلمة المرور.',
  passwordReset: 'تم تغيير كلمة المرور. يمكنك الآن تسجيل الدخول.',
  passwordChanged: 'تم تغيير كلمة المرور. تم تسجيل خروج الأجهزة الأخرى.',
  currentPasswordWrong: 'كلمة المرور الحالية غير صحيحة.',
  rateLimited: 'محاولات كثيرة جدًا. يرجى الانتظار دقيقة ثم المحاولة مجددًا.',
  crossSite: 'رُفض هذا الطلب لأنه ورد من موقع آخر.',
  notFound: 'غير موجود.',
  serverError: 'حدث خطأ من جهتنا. يرجى المحاولة مجددًا.',
  googleNotConfigured: 'تسجيل الدخول عبر Google غير مفعّل على هذا الخادم.',
  googleFailed: 'تعذّر تسجيل الدخول عبر Google. يرجى المحاولة مجددًا.',
  googleEmailUnverified:
    'بريدك الإلكتروني في Google غير مؤكَّد، ويوجد حساب بهذا البريد الإلكتروني بالفعل. سجّل الدخول بكلمة المرور.',
  controlCharacters: 'يحتوي هذا النص على رموز تحكم غير مرئية. يرجى إزالتها.',
  dimensionsTooLong: 'يجب ألا تتجاوز الأبعاد 50 حرفًا.',
  keywordTooLong: 'يجب ألا تتجاوز كل كلمة مفتاحية 40 حرفًا.',
  searchInvalid: 'يحتوي نص البحث على رموز لا يمكن البحث عنها.',
  areaTooLong: 'يجب ألا تتجاوز المنطقة 100 حرف.',
  streetTooLong: 'يجب ألا يتجاوز عنوان الشارع 200 حرف.',
  orderKeyReused:
    'تم تقديم هذا الطلب من قبل بسلة تسوق أو عنوان مختلف. يرجى إعادة تحميل صفحة إتمام الشراء والمحاولة مجددًا.',
  invoiceActiveContent:
    'يحتوي ملف PDF هذا على نصوص برمجية أو مرفقات أو إجراءات تلقائية. يرجى رفع ملف PDF عادي أو صورة للفاتورة.',
  invoiceUncheckable: 'ملف PDF هذا مشفَّر أو مضغوط بطريقة لا يمكننا فحصها. يرجى رفع ملف PDF عادي أو صورة للفاتورة.',
  inputNotStorable: 'تعذّر حفظ بعض هذه البيانات. يرجى مراجعتها والمحاولة مجددًا.',
  changedMeanwhile: 'تم تغيير هذا العنصر أو إزالته في هذه الأثناء. يرجى إعادة التحميل والمحاولة مجددًا.',
  shuttingDown: 'تتم إعادة تشغيل الخادم. يرجى المحاولة مجددًا بعد لحظات.',
  invalidLimit: 'تحتوي الصفحة على 1 إلى 60 عنصرًا.',
  checkoutExpired: 'انتهت صلاحية نموذج إتمام الشراء هذا. يرجى إعادة تحميل الصفحة.',
  oneFileOnly: 'أرسل صورة واحدة في كل مرة.',
  chooseLanguage: 'اختر العربية أو الإنجليزية.',
  // Live shows (issue 30)
  lotSecondsRange: 'يجب أن يكون مؤقت القطعة عددًا صحيحًا من الثواني بين 10 و600.',
  runSheetInvalid: 'تعذرت قراءة قائمة القطع. يُرجى إضافة القطع مرة أخرى.',
  runSheetTooLong: 'يمكن أن يضم العرض 100 قطعة على الأكثر.',
  chooseShowTime: 'اختر وقت بدء في المستقبل.',
  showTimeTooFar: 'يمكن جدولة العرض قبل موعده بـ 60 يومًا على الأكثر.',
  pinStockRange: 'يجب أن تكون الكمية عددًا صحيحًا بين 1 و999.',
  mutedWordInvalid: 'يجب أن تكون كل كلمة محجوبة من 1 إلى 40 حرفًا.',
  mutedWordsTooMany: 'يمكنك حجب 50 كلمة على الأكثر.',
  showNotScheduled: 'هذا العرض ليس بانتظار البدء.',
  showNotLiveYet: 'لم يبدأ هذا العرض بعد.',
  lotNotFound: 'هذه القطعة ليست في قائمة العرض.',
  lotNotEditable: 'لا يمكن تعديل قطعة قيد المزاد أو بيعت.',
  lotAlreadyRunning: 'هناك قطعة أخرى قيد المزاد. انتظر حتى تُغلق.',
  lotNotStartable: 'بيعت هذه القطعة بالفعل.',
  lotNotStarted: 'تبدأ المزايدة عندما يبدأ المضيف هذه القطعة.',
  runSheetMismatch: 'تغيّرت قائمة القطع في الأثناء. يُرجى إعادة تحميل الصفحة والمحاولة مرة أخرى.',
  prebidNotOpen: 'تُقبل المزايدات المسبقة قبل بدء مزاد القطعة فقط.',
  prebidLotRunning: 'بدأت المزايدة: زايد على القطعة الآن.',
  prebidOwnShow: 'لا يمكنك المزايدة في عرضك.',
  pinNotFound: 'هذا المنتج غير مثبّت في العرض.',
  pinSoldOut: 'نفدت الكمية.',
  pinsFull: 'يمكنك تثبيت 20 منتجًا على الأكثر.',
  alreadyPinned: 'هذا المنتج مثبّت بالفعل.',
  hostCannotBuy: 'لا يمكنك الشراء من عرضك.',
  notModerator: 'يمكن للمضيف والمشرفين فقط القيام بذلك.',
  mutedInChat: 'كتمك أحد المشرفين. يمكنك الدردشة مرة أخرى بعد بضع دقائق.',
  moderatorsFull: 'يمكنك تعيين 20 مشرفًا على الأكثر.',
  moderatorSelf: 'أنت المضيف بالفعل.',
  clipTooLarge: 'المقطع كبير جدًا.',
  clipNotVideo: 'يجب أن يكون المقطع فيديو.',
  clipNotSold: 'المقاطع للقطع المبيعة فقط.',
  reminderNotUpcoming: 'التذكيرات للعروض القادمة فقط.',
  staffOnly: 'هذا الإجراء لفريق Souq فقط.',
  reasonRequired: 'يرجى ذكر السبب.',
  lineNotFound: 'لم يُعثر على هذا البند من الطلب.',
  lineNotLate: 'يمكنك الإلغاء حين يتأخر البائع عن شحنه.',
  lineAlreadyShipped: 'تم شحن هذا المنتج أو إلغاؤه بالفعل.',
  ratingNotDelivered: 'يمكنك تقييم البائع بعد توصيل منتجك.',
  alreadyRated: 'لقد قيّمت هذا البائع لهذا الطلب من قبل.',
  ratingCommentTooLong: 'يجب ألا يتجاوز التعليق 500 حرف.',
  ratingNotFound: 'لم يُعثر على هذا التقييم.',
  alreadyReplied: 'لقد رددت على هذا التقييم من قبل.',
  replyBlank: 'يرجى كتابة رد.',
  replyTooLong: 'يجب ألا يتجاوز الرد 500 حرف.',
  problemKind: 'اختر ما الخطأ الذي حدث.',
  problemTextBlank: 'يرجى وصف المشكلة.',
  problemTextTooLong: 'يجب ألا يتجاوز الوصف 1000 حرف.',
  tooManyProblemPhotos: 'يمكنك إضافة 4 صور على الأكثر.',
  problemNotDelivered: 'يمكنك الإبلاغ عن مشكلة بعد توصيل المنتج.',
  problemTooLate: 'يمكن الإبلاغ عن المشكلات خلال 7 أيام من التوصيل.',
  problemExists: 'هناك مشكلة مفتوحة بالفعل لهذا المنتج.',
  problemNotFound: 'لم يُعثر على هذه المشكلة.',
  answerKind: 'اختر طريقة الرد: استرداد المبلغ أو الإرجاع أو رد مكتوب.',
  problemAnswered: 'تم الرد على هذه المشكلة بالفعل.',
  problemAnswerLate: 'انتهت مهلة الرد على هذه المشكلة.',
  problemNotEscalatable: 'يمكنك التصعيد بعد رد البائع أو بعد انتهاء مهلة رده.',
  problemNotEscalated: 'هذه المشكلة لا تنتظر قرار الفريق.',
  decisionRequired: 'اختر لصالح من تقرر.',
  reportTargetMissing: 'لم يعد هذا موجودًا للإبلاغ عنه.',
  reportReasonRequired: 'يرجى اختيار سبب الإبلاغ.',
  reportTextLength: 'يرجى ألا تتجاوز التفاصيل 500 حرف.',
  reportDuplicate: 'سبق أن أبلغت عن هذا. سيراجعه فريقنا.',
  reportOwn: 'لا يمكنك الإبلاغ عن إعلانك أو تقييمك أو رسالتك أو ملفك الشخصي.',
  reportNotFound: 'لم يُعثر على هذا البلاغ.',
  reportAlreadyHandled: 'عالج عضو آخر في الفريق هذا البلاغ بالفعل.',
  reportActionInvalid: 'يرجى اختيار إجراء.',
  reportActionNotFor: 'هذا الإجراء لا ينطبق على هذا النوع من البلاغات.',
  staffReasonLength: 'يرجى ألا يتجاوز السبب 500 حرف.',
  suspendUntilInvalid: 'يرجى اختيار موعد انتهاء الإيقاف.',
  suspendUntilPast: 'يجب أن ينتهي الإيقاف في المستقبل.',
  suspendStaff: 'لا يمكن إيقاف حسابات الفريق من هنا.',
  restoreNothing: 'لا يوجد ما يُستعاد: العنصر غير مخفي أو موقوف.',
  accountSuspended:
    'حسابك موقوف: يمكنك إدارة حسابك وطلباتك، لكن لا يمكنك البيع أو الشراء أو المزايدة أو الدردشة. يوضح التنبيه أعلى الصفحة السبب وموعد الانتهاء.',
  listingHidden: 'أخفى فريق Souq هذا الإعلان.',

  orderUnpaidCancelled: 'أُلغي هذا الطلب لأنه لم يكتمل في الوقت المحدد.',
  orderNotCancellable: 'لا يمكن إلغاء الطلب بهذه الطريقة إلا إذا كان طلب فوز لا يزال بانتظار عنوان التوصيل.',
  cancelAlreadyAsked: 'سبق أن طلبت من البائع إلغاء هذا الطلب.',
  cancelNotAsked: 'لم يطلب المشتري إلغاء هذا الطلب.',
  secondChanceNotAllowed: 'لا يمكن إرسال عرض الفرصة الثانية إلا بعد إلغاء طلب الفائز.',
  secondChanceNoRunnerUp: 'لم يزايد أحد غيره على هذا المزاد.',
  secondChanceAlreadySent: 'أُرسل عرض الفرصة الثانية لهذا المزاد من قبل.',
  offerNotFound: 'العرض غير موجود.',
  offerNotOpen: 'لم يعد هذا العرض متاحًا.',

  // Saved searches and alerts (issue 32)
  savedSearchEmpty: 'اكتب كلمات أو اختر فئة لحفظ البحث.',
  savedSearchPrice: 'أدخل أعلى سعر مبلغًا موجبًا.',
  savedSearchInvalid: 'هذا البحث المحفوظ غير صالح.',
  savedSearchLimit: 'يمكنك الاحتفاظ بما يصل إلى 50 بحثًا محفوظًا. احذف بحثًا لتحفظ غيره.',
  savedSearchNotFound: 'لم يُعثر على هذا البحث المحفوظ.',
  // Tax invoices (issue 32, ADR 0042)
  trnInvalid: 'يجب أن يتكون الرقم الضريبي من 15 رقمًا بالضبط.',
  legalNameRequired: 'أدخل اسمك القانوني كما هو مسجل لضريبة القيمة المضافة.',
  legalNameTooLong: 'يجب ألا يزيد الاسم القانوني عن 200 حرف.',
  taxAddressRequired: 'أدخل عنوان نشاطك التجاري كما هو مسجل لضريبة القيمة المضافة.',
  taxAddressTooLong: 'يجب ألا يزيد العنوان عن 400 حرف.',
  taxDetailsSaved: 'تم حفظ بياناتك الضريبية. تستخدمها الفواتير الصادرة من الآن.',
  invoiceNotFound: 'لم يتم العثور على هذه الفاتورة.',

  // The seller's dashboard (issue 32)
  dashboardRange: 'اختر الأيام أو الأسابيع أو الأشهر.',
  dashboardTopBy: 'اختر المشاهدات أو الإعجابات أو المبيعات.',
  // Data rights (issue 45, ADR 0046)
  deleteBlockedOpenOrders: 'لديك طلبات لم تكتمل بعد. بعد تسليمها أو إلغائها يمكنك حذف حسابك.',
  deleteBlockedSalesToShip: 'لديك مبيعات لم تُشحن بعد. اشحنها أو ألغها أولًا.',
  deleteBlockedAuctions: 'لديك مزادات ما زالت جارية. انتظر انتهاءها أو ألغها أولًا.',
  deleteBlockedLeadingBids: 'أنت صاحب أعلى مزايدة في مزاد لم ينتهِ بعد.',
  deleteBlockedShows: 'لديك عرض مباشر مجدول أو جارٍ. أنهِه أو ألغه أولًا.',
  deleteConfirmationRequired: 'اكتب كلمة المرور للتأكيد (أو بريدك الإلكتروني إن كنت تسجّل الدخول عبر Google فقط).',
  deletePasswordWrong: 'كلمة المرور غير صحيحة. لم يُحذف حسابك.',
  deleteEmailMismatch: 'اكتب البريد الإلكتروني لحسابك كما هو تمامًا للتأكيد.',
  dataExportRequested: 'نجهّز بياناتك الآن. سنرسل إليك رابطًا بالبريد الإلكتروني ونُعلمك عبر الإشعارات عندما تصبح جاهزة.',
  dataExportNotFound: 'انتهت صلاحية هذا التنزيل أو لم يُعثر عليه. اطلب تنزيلًا جديدًا من الإعدادات.',
  dataRightsNoAccount: 'لا يوجد حساب بهذا البريد الإلكتروني.',
  dataRightsStaff: 'لا يمكن حذف حسابات فريق العمل من هنا. أزل صلاحية فريق العمل أولًا.',
};
/** `bidAtLeast` in Arabic: the too-low message and the least bid that would do ("1,260.00 د.إ"). */
export const bidAtLeastAr = (minimum: string) => `${MSG_AR.bidTooLow} زايد بمبلغ ${minimum} على الأقل.`;

/** "You are already the highest bidder, with a maximum of …" (the bid form's refusal to lower a maximum). */
export const alreadyHighestAr = (maximum: string) => `لديك أعلى مزايدة بالفعل، والحد الأقصى لمزايدتك ${maximum}.`;

/** The catalog `localizeMessage` reads: pass it where Arabic is wanted (the server, the browser's Arabic chunk). */
/** `biddingSuspendedUntil` in Arabic (issue 31): the date stays as written (YYYY-MM-DD, Western digits). */
export const biddingSuspendedUntilAr = (date: string) => `مزايداتك موقوفة حتى ${date} بسبب منتجين لم تُدفع قيمتهما.`;

export const ARABIC: ArabicCatalog = {
  messages: MSG_AR,
  bidAtLeast: bidAtLeastAr,
  alreadyHighest: alreadyHighestAr,
  biddingSuspendedUntil: biddingSuspendedUntilAr,
  codBlockedUntil: codBlockedUntilAr,
  codOrderTooLarge: codOrderTooLargeAr,
  codTooManyOpen: codTooManyOpenAr,
};

const arabicPlural = new Intl.PluralRules('ar');

/**
 * "3 مزايدات": a count of bids by Arabic's plural rules (zero, one, two, few, many, other), with
 * Western digits as everywhere in Souq's Arabic. One and two are said in words, as Arabic does.
 */
export function bidsLabelAr(n: number): string {
  const digits = groupDigits(n);
  switch (arabicPlural.select(n)) {
    case 'zero':
      return 'لا مزايدات';
    case 'one':
      return 'مزايدة واحدة';
    case 'two':
      return 'مزايدتان';
    case 'few':
      return `${digits} مزايدات`;
    default:
      // many (11–99) and other (100, 1000…) both take the singular: "11 مزايدة"، "100 مزايدة".
      return `${digits} مزايدة`;
  }
}

const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
