/** A 10-digit mobile as people read it: 0912-345-678. */
export const spacedMobile = (mobile: string) => `${mobile.slice(0, 4)}-${mobile.slice(4, 7)}-${mobile.slice(7)}`;
