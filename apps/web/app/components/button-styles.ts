/** Class names for links and buttons that look like buttons, so both share one look. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'sun' | 'on-dark';
export type ButtonSize = 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-coral-strong text-white shadow-sm shadow-coral/30 hover:bg-ink',
  secondary: 'border-2 border-ink/15 bg-white text-ink hover:border-ink/40',
  ghost: 'text-ink hover:bg-ink/5',
  sun: 'bg-sun text-plum shadow-sm hover:bg-white',
  'on-dark': 'border-2 border-on-plum/30 text-on-plum hover:border-on-plum hover:bg-white/5',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'h-10 px-4 text-[0.9375rem]',
  lg: 'h-13 px-6 text-base sm:text-[1.0625rem]',
};

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}
