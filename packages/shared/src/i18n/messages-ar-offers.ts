import type { OFFER_MSG } from '../messages-offers.js';

/**
 * `OFFER_MSG` in Arabic (ADR 0053): part of `MSG_AR` (messages-ar.ts). An offer on a price is
 * "عرض سعر", never a bare "عرض", which the glossary gives to a live show.
 */
export const OFFER_MSG_AR: Record<keyof typeof OFFER_MSG, string> = {
  offerAmountRequired: 'أدخل المبلغ الذي تعرضه.',
  offerAmountWholeFils: 'أدخل مبلغًا بالدرهم الإماراتي بخانتين عشريتين على الأكثر.',
  offerAmountPositive: 'يجب أن يكون عرض السعر أكبر من صفر.',
  offerBelowPrice: 'يجب أن يكون عرض السعر أقل من السعر. لتدفع السعر كاملًا، أضف المنتج إلى سلة التسوق.',
  offersNotTaken: 'البائع لا يقبل عروض أسعار على هذا المنتج.',
  offerOnOwnItem: 'لا يمكنك تقديم عرض سعر على منتجك.',
  offerFixedPriceOnly: 'عروض الأسعار متاحة فقط للمنتجات المعروضة للبيع بسعر ثابت.',
  tooManyOpenOffers: 'لديك 3 عروض أسعار بانتظار الرد على هذا المنتج. انتظر رد البائع، أو اسحب أحدها لتقدّم عرضًا آخر.',
  offerBelowFloor: 'شكرًا لعرض سعرك. لا يستطيع البائع النزول إلى هذا المبلغ، لذا رُفض العرض. قد يُقبل عرض أعلى.',
  priceOfferNotFound: 'لم يُعثر على عرض السعر هذا.',
  priceOfferNotOpen: 'تم الرد على عرض السعر هذا أو سحبه أو انتهت مدته.',
  offerNoUnitsLeft: 'لم يتبقَّ شيء للبيع عبر عروض الأسعار: أخذ عرض آخر آخر قطعة. أبلغنا المشتري أن المنتج بيع.',
  offerSoldElsewhere: 'نأسف، بيع هذا المنتج لمشترٍ آخر قبل قبول عرض سعرك.',
  counterBetween: 'يجب أن يكون عرض السعر المقابل أعلى من عرض المشتري وأقل من سعرك.',
  offerNotAccepted: 'لا يمكن إتمام الشراء إلا لعرض سعر مقبول.',
  offerCheckoutLapsed: 'انقضت مهلة الـ24 ساعة لإتمام شراء عرض السعر هذا.',
  offerUnitsRange: 'يجب أن يكون عدد القطع رقمًا صحيحًا من 1 إلى 999.',
  offerUnitsBelowTaken: 'لا يمكن أن يقل عدد القطع عمّا حُجز أو بيع عبر عروض الأسعار.',
  offerFloorBelowPrice: 'يجب أن يكون أدنى عرض سعر تقبله أقل من سعرك.',
};
