// icons.ts: the player's button icons, inline SVG drawn for this player (simple
// paths on a 24x24 grid, in the text colour), so that they show in any browser,
// with or without an emoji or symbol font. Each button keeps its aria-label; the
// icons are aria-hidden.

// Each icon: filled paths, then stroked paths after a '|'.
const shapes = {
  play: 'M7 4.5v15l12.5-7.5z',
  pause: 'M6 4.5h4.5v15H6zM13.5 4.5H18v15h-4.5z',
  volume: 'M3 9h4l5-4.5v15L7 15H3z|M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12',
  muted: 'M3 9h4l5-4.5v15L7 15H3z|M15.5 9l6 6M21.5 9l-6 6',
  pip: 'M12 12.5h8V19h-8z|M3 5h18v14H3z',
  fullscreen: '|M3.5 9V3.5H9M15 3.5h5.5V9M20.5 15v5.5H15M9 20.5H3.5V15',
  exitFullscreen: '|M9 3.5V9H3.5M15 3.5V9h5.5M20.5 15H15v5.5M3.5 15H9v5.5',
  chapters: '|M4 6h16M4 12h16M4 18h16',
};

/** The name of one of the player's icons. */
export type IconName = keyof typeof shapes;

/** svg is the markup of an icon. */
export function svg(name: IconName): string {
  const [fill, stroke] = shapes[name].split('|');
  return '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">' +
    (fill ? `<path fill="currentColor" d="${fill}"/>` : '') +
    (stroke ? `<path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="${stroke}"/>` : '') + '</svg>';
}

/** setIcon draws an icon in a button (once: a button already showing it is left alone). */
export function setIcon(b: HTMLElement, name: IconName): void {
  if (b.dataset.icon === name) return;
  b.dataset.icon = name;
  b.innerHTML = svg(name);
}
