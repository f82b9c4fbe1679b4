/** Whole dong as staff read it: "1.200.000 ₫" (Vietnamese grouping, whatever the interface language). */
export const formatDong = (amount: number): string => `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 }).format(amount)} ₫`;
