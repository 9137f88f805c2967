/*
 * How a location reads on screen. Apart from gpsMessages.ts so the header, on every page's first
 * load, does not bring the GPS messages and requests with it: those load with the dialogs that
 * ask for a position.
 */

/** "37.77, -122.42": the header shows 2 decimals (docs/product.md#spec-9; onboarding uses 4). */
export function formatCoordinates(latitude: number, longitude: number, decimals = 2): string {
  return `${latitude.toFixed(decimals)}, ${longitude.toFixed(decimals)}`;
}

/** "Seattle, WA (47.61, -122.33)" for a GPS location, the text alone for a typed one. */
export function describeLocation(
  location: string,
  coordinates: { latitude: number; longitude: number } | null,
): string {
  return coordinates
    ? `${location} (${formatCoordinates(coordinates.latitude, coordinates.longitude)})`
    : location;
}
