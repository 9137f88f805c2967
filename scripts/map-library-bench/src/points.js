// 100 deterministic points spread around San Francisco (same for both pages).
export const CENTER = { lat: 37.7749, lng: -122.4194 };
export const points = Array.from({ length: 100 }, (_, i) => {
  const a = i * 2.399963; // golden angle spiral
  const r = 0.004 * Math.sqrt(i + 1);
  return {
    lat: CENTER.lat + r * Math.sin(a),
    lng: CENTER.lng + r * 1.27 * Math.cos(a),
    name: `Event ${i + 1}`,
  };
});
