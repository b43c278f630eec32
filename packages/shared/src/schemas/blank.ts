/**
 * A form's empty field (`''`, or `null` from JSON) read as "not given": the field's default, or
 * none. The OpenAPI document recognises this step and says the field also takes `''` and `null`.
 */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
