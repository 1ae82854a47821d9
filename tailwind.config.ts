import type { Config } from 'tailwindcss';

// Brand theme; the stylesheet loads it with `@config`.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: {
          50: '#f0fdfa',
          100: '#ccfbf1',
          200: '#99f6e4',
          500: '#14b8a6',
          600: '#0d9488',
          700: '#0f766e',
          800: '#115e59',
          900: '#134e4a',
        },
        line: {
          DEFAULT: '#06c755',
          dark: '#05a847',
        },
        ink: {
          DEFAULT: '#1f2937',
          muted: '#6b7280',
        },
        danger: '#dc2626',
      },
      fontFamily: {
        sans: [
          '"PingFang TC"',
          '"Noto Sans TC"',
          '"Noto Sans CJK TC"',
          '"Microsoft JhengHei"',
          'system-ui',
          'sans-serif',
        ],
      },
      maxWidth: {
        card: '28rem',
      },
      boxShadow: {
        card: '0 10px 30px -12px rgb(15 118 110 / 0.25)',
      },
    },
  },
} satisfies Config;
