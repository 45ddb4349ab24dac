/** The operations variables of configFromEnv (issue 28; README "Configuration"): defaults, values, refusals. */
import { describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_SHUTDOWN_DELAY_MS, DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../../src/server/config';

describe('metrics and shutdown configuration', () => {
  it('defaults: no metrics token or port, 10 s to drain, 1 s of accepting after the 503', () => {
    const c = configFromEnv({});
    expect(c).toMatchObject({ metricsToken: undefined, metricsPort: undefined, shutdownTimeoutMs: DEFAULT_SHUTDOWN_TIMEOUT_MS, shutdownDelayMs: DEFAULT_SHUTDOWN_DELAY_MS });
    expect([DEFAULT_SHUTDOWN_TIMEOUT_MS, DEFAULT_SHUTDOWN_DELAY_MS]).toEqual([10_000, 1_000]);
  });

  it('reads the values', () => {
    expect(configFromEnv({ WMS_METRICS_TOKEN: ' abc ', WMS_METRICS_PORT: '9464', WMS_SHUTDOWN_TIMEOUT_MS: '2500', WMS_SHUTDOWN_DELAY_MS: '0' }))
      .toMatchObject({ metricsToken: 'abc', metricsPort: 9464, shutdownTimeoutMs: 2500, shutdownDelayMs: 0 });
  });

  it('refuses a value that is no whole number in range, naming the variable', () => {
    expect(() => configFromEnv({ WMS_METRICS_PORT: '0' })).toThrow('WMS_METRICS_PORT must be a whole number of at least 1, not "0"');
    expect(() => configFromEnv({ WMS_SHUTDOWN_TIMEOUT_MS: '10s' })).toThrow('WMS_SHUTDOWN_TIMEOUT_MS must be a whole number of at least 0, not "10s"');
    expect(() => configFromEnv({ WMS_SHUTDOWN_DELAY_MS: '-1' })).toThrow(/^WMS_SHUTDOWN_DELAY_MS must be/);
  });
});
