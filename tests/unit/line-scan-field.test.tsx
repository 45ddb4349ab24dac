// @vitest-environment jsdom
/**
 * The line scan input (src/client/widgets/LineScanField.tsx; issue 27 item 8): scans typed faster than they are
 * answered are handled one after another in the order typed, the field empties at once; a refused scan turns the
 * field red with its message, a counted one shows it as success; a bad `N*CODE` is refused without asking; a
 * rejected handler is a refusal with its message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { LineScanField, type ScanFeedback } from '../../src/client/widgets/LineScanField';
import type { ScanInput } from '../../src/client/widgets/lineScan';
import { widgetMessages } from '../../src/client/widgets/messages';

const i18nProvider = polyglotI18nProvider(() => ({ ...englishMessages, ...widgetMessages.en }), 'en');

afterEach(cleanup);

function setup(onScan: (input: ScanInput) => Promise<ScanFeedback>) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <LineScanField onScan={onScan} hint="wms.widgets.lineScan.hint_form" testId="t" />
    </AdminContext>,
  );
  const input = screen.getByTestId('t') as HTMLInputElement;
  const scan = (text: string) => {
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter' });
  };
  return { input, scan, box: () => screen.getByTestId('t-box') };
}

describe('LineScanField', () => {
  it('handles fast scans in the order typed, one at a time, and empties the field at once', async () => {
    const seen: string[] = [];
    let running = 0;
    let overlapped = false;
    const { input, scan, box } = setup(async ({ code, qty }) => {
      running++;
      if (running > 1) overlapped = true;
      // the first answers last if they ran side by side
      await new Promise((r) => setTimeout(r, code === 'A' ? 30 : 1));
      seen.push(`${qty}x${code}`);
      running--;
      return { ok: true, message: `counted ${code}` };
    });
    scan('A');
    expect(input.value).toBe('');
    scan('3*B');
    scan(' c ');
    await waitFor(() => expect(box().getAttribute('data-scans')).toBe('3'));
    expect(seen).toEqual(['1xA', '3xB', '1xc']);
    expect(overlapped).toBe(false);
    expect(box().getAttribute('data-signal')).toBe('ok');
    expect(screen.getByTestId('t-message').textContent).toBe('counted c');
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows a refusal in red with its message; a bad quantity is refused without asking; a rejection is a refusal', async () => {
    const asked: string[] = [];
    const { input, scan, box } = setup(async ({ code }) => {
      asked.push(code);
      if (code === 'BOOM') throw new Error('Insufficient permission');
      return { ok: false, message: `Refused: ${code}` };
    });
    scan('X1');
    await waitFor(() => expect(screen.getByTestId('t-message').textContent).toBe('Refused: X1'));
    expect(box().getAttribute('data-signal')).toBe('refused');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    scan('0*X1');
    await waitFor(() => expect(screen.getByTestId('t-message').textContent).toBe('Refused: "0*X1": the quantity in N*CODE must be 1 to 9999'));
    scan('BOOM');
    await waitFor(() => expect(screen.getByTestId('t-message').textContent).toBe('Insufficient permission'));
    scan('   ');
    expect(asked).toEqual(['X1', 'BOOM']);
    expect(box().getAttribute('data-scans')).toBe('3');
  });
});
