// The part of the `geoip-country` package (no types of its own) that location.ts uses.
declare module 'geoip-country' {
  const geoip: { lookup(ip: string): { country: string } | null };
  export default geoip;
}
