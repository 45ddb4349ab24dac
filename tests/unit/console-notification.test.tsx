// @vitest-environment jsdom
/**
 * Toasts in order with errors first (issue 27 item 10): react-admin shows one toast at a time for 4 s; an
 * error raised while a success is up shows at once (the success is cut short), an error waiting behind
 * queued successes moves ahead of them, and an error on screen is not cut by another.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { AdminContext, useNotify } from 'react-admin';
import { ConsoleNotification } from '../../src/client/layout/ConsoleNotification';
import { i18nOf } from './console-harness';

afterEach(cleanup);

let notify: ReturnType<typeof useNotify>;
const Grab = () => {
  notify = useNotify();
  return null;
};
const mount = () =>
  render(
    <AdminContext i18nProvider={i18nOf()}>
      <Grab />
      <ConsoleNotification />
    </AdminContext>,
  );
const say = (message: string, type: 'success' | 'error' | 'warning' | 'info') => act(() => notify(message, { type }));

describe('ConsoleNotification', () => {
  it('shows an error at once, cutting the success on screen short', async () => {
    mount();
    say('Saved A', 'success');
    await screen.findByText('Saved A');
    say('Broken B', 'error');
    // well inside the success's 4 s
    await screen.findByText('Broken B', {}, { timeout: 1500 });
    expect(screen.queryByText('Saved A')).toBeNull();
  });

  it('moves an error ahead of queued successes; an error on screen stays until its time', async () => {
    mount();
    say('Saved A', 'success');
    await screen.findByText('Saved A');
    say('Saved C', 'success');
    say('Refused D', 'warning');
    await screen.findByText('Refused D', {}, { timeout: 1500 });
    say('Broken E', 'error');
    // the warning is not cut by the error; the queued success waits behind both
    await new Promise((r) => setTimeout(r, 1000));
    expect(screen.queryByText('Refused D')).not.toBeNull();
    expect(screen.queryByText('Broken E')).toBeNull();
    expect(screen.queryByText('Saved C')).toBeNull();
  });
});
