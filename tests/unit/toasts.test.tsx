import type { OpenNotificationParams } from '@refinedev/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SnackbarRoot, useConsoleNotificationProvider } from '../../src/providers/notification-provider';

/** Raises `toasts` and then closes `close` (by key) as soon as it renders, before the toast stack can have loaded. */
function Raise({ toasts, close = [] }: { toasts: OpenNotificationParams[]; close?: string[] }) {
  const notification = useConsoleNotificationProvider();
  useEffect(() => {
    for (const toast of toasts) notification.open?.(toast);
    for (const key of close) notification.close?.(key);
  }, [notification, toasts, close]);
  return null;
}

const shown = () => [...document.querySelectorAll('.notistack-MuiContent')].map((toast) => toast.textContent);

afterEach(cleanup);

describe('the toast stack', () => {
  it('loads with the first toast and shows those raised while it loaded, in order', async () => {
    render(
      <SnackbarRoot>
        <Raise
          toasts={[
            { type: 'success', message: 'Product saved' },
            { type: 'error', message: 'Upload failed', description: 'The image is too large' },
          ]}
        />
      </SnackbarRoot>,
    );
    // Nothing of notistack is there until its chunk has loaded.
    expect(document.querySelector('.notistack-SnackbarContainer')).toBeNull();
    await screen.findByText('The image is too large');
    expect(shown()).toEqual(['Product saved', 'Upload failedThe image is too large']);
  });

  it('closes by key a toast raised before it loaded', async () => {
    render(
      <SnackbarRoot>
        <Raise
          toasts={[
            { key: 'saving', type: 'success', message: 'Saving' },
            { type: 'success', message: 'Saved' },
          ]}
          close={['saving']}
        />
      </SnackbarRoot>,
    );
    await screen.findByText('Saved');
    await waitFor(() => expect(shown()).toEqual(['Saved']));
  });
});
