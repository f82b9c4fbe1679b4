/** Fixed demo data: the spec's dashboard shows sample charts only, never live figures. */
export const monthlyTraffic = [
  { month: '01', visits: 4200, bookings: 120 },
  { month: '02', visits: 3900, bookings: 98 },
  { month: '03', visits: 5100, bookings: 143 },
  { month: '04', visits: 4800, bookings: 131 },
  { month: '05', visits: 6200, bookings: 176 },
  { month: '06', visits: 5900, bookings: 168 },
  { month: '07', visits: 7100, bookings: 201 },
  { month: '08', visits: 6800, bookings: 189 },
  { month: '09', visits: 7600, bookings: 214 },
  { month: '10', visits: 8100, bookings: 232 },
  { month: '11', visits: 7900, bookings: 225 },
  { month: '12', visits: 8800, bookings: 251 },
];

export const newsByCategory = [
  { category: 'Sức khỏe', count: 42 },
  { category: 'Làm đẹp', count: 31 },
  { category: 'Dinh dưỡng', count: 24 },
  { category: 'Sự kiện', count: 12 },
  { category: 'Tuyển dụng', count: 8 },
];

export const trafficSources = [
  { source: 'Google', value: 54 },
  { source: 'Facebook', value: 21 },
  { source: 'Zalo', value: 13 },
  { source: 'Direct', value: 12 },
];

export const totals = { visits: 76400, bookings: 2148, publishedNews: 117, pendingNews: 9 };
