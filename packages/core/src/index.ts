// The root entry exports the API schemas only. Everything else is imported by subpath, so that a
// consumer pulls in just what it uses (the country table, for instance, is large):
//   @murmur/core/format         numbers, percent, money, relative time, dates, truncate (SPEC §9)
//   @murmur/core/errors         ApiError, the SPEC §8 message builder and error texts
//   @murmur/core/validation     email, field labels, the generic form validator, invite list (SPEC §5)
//   @murmur/core/targeting      enumerations, targeting package schema and rules (SPEC §3/§5/§9)
//   @murmur/core/countries      ISO country table (en/ja), aliases, US states, GB nations
//   @murmur/core/avatar         initials and colour (SPEC §9)
//   @murmur/core/billing        billing completeness and subscriptions (SPEC §6)
//   @murmur/core/notifications  the toast store (SPEC §4/§9)
//   @murmur/core/crash          the crash handler (SPEC §4/§9)
//   @murmur/core/http           query strings and URL joining (SPEC §7)
//   @murmur/core/i18n           supported languages and the browser-language pick (SPEC §9)
//   @murmur/core/clipboard      copy texts and a copy helper (SPEC §5)
//   @murmur/core/insights       the engine's insights and comparison output shapes (types only)
//   @murmur/core/export         the sandbox bulk export's records (written by the sandbox, read by the engine)
//   @murmur/core/sampling     the sampling model: rates, Wilson intervals, figure kinds
//   @murmur/core/hash           FNV-1a and fmix32, shared by the sandbox, the engine and the avatar colour
export * from './api';
