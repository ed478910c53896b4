// The picture's fixed sizes and the helpers its parts share.
export const AXIS = 30; // px: the time axis above the lanes
export const VIEW_MAX = 520; // px: the picture's height at most (the lanes scroll in it)
export const COLOURS = 6; // holder colours in timeline-picture.css (.h0 ... .h5), by name: the same wherever a name appears

/** `s` cut to `n` characters at most, an ellipsis its last. */
export const cut = (s, n) => (s.length > n ? `${s.slice(0, Math.max(1, n - 1))}…` : s);
