import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  darken,
  Modal,
  Notification,
  localStorageColorSchemeManager,
  MantineProvider,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from './query-client';
import { router } from './router';

// Shades chosen for contrast: text and filled controls meet WCAG AA (4.5:1) in both schemes.
const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Links are told apart from the text around them by more than their colour.
  respectReducedMotion: true,
  components: {
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } }),
  },
});
const contrastVariables: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[8],
    '--mantine-color-placeholder': t.colors.gray[7],
    // Text of light badges and alerts, darker than Mantine's shade 9 so it reads on their tinted backgrounds.
    ...Object.fromEntries(
      Object.keys(t.colors).map((name) => [`--mantine-color-${name}-light-color`, darken(t.colors[name]![9], 0.35)]),
    ),
  },
  dark: { '--mantine-color-dimmed': t.colors.dark[1], '--mantine-color-placeholder': t.colors.dark[1] },
});

// The nonce the server put in this page's policy for style elements (Mantine writes its CSS variables into one).
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// Dialogs lock the page's scrolling with a style element of their own (react-remove-scroll), which takes its nonce from here.
setNonce(styleNonce);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      colorSchemeManager={localStorageColorSchemeManager({ key: 'simdeck.color-scheme' })}
      cssVariablesResolver={contrastVariables}
      getStyleNonce={() => styleNonce}
    >
      {/* Below the page, clear of the header and its account menu. */}
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
