/** Minimum width in pixels of each screen size class (spec 9). */
export const BREAKPOINTS = {
  xs: 0,
  sm: 576,
  md: 768,
  lg: 992,
  xl: 1200,
} as const;

export type ScreenSizeClass = keyof typeof BREAKPOINTS;

export const SCREEN_SIZE_CLASSES = [
  'xs',
  'sm',
  'md',
  'lg',
  'xl',
] as const satisfies readonly ScreenSizeClass[];

/** The size class of a viewport width; a width that is no number counts as the smallest. */
export function screenSizeClass(width: number): ScreenSizeClass {
  let result: ScreenSizeClass = 'xs';
  for (const size of SCREEN_SIZE_CLASSES) if (width >= BREAKPOINTS[size]) result = size;
  return result;
}
