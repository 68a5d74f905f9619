// No SQL Server runs here: the tedious settings are checked instead of a live connection.
import { buildTediousConfig, splitInstance } from './mssql';

const target = {
  address: '93.184.216.34',
  hostname: 'wawi.shop.example',
  port: 1433,
  database: 'eazybusiness',
  user: 'sa',
  password: 'pw-123',
};

describe('buildTediousConfig', () => {
  it('connects to the checked address with SQL login, port, database, TLS and 5 s timeouts', () => {
    const config = buildTediousConfig(target);
    expect(config.server).toBe('93.184.216.34');
    expect(config.authentication).toEqual({ type: 'default', options: { userName: 'sa', password: 'pw-123' } });
    expect(config.options).toMatchObject({
      port: 1433,
      database: 'eazybusiness',
      encrypt: true,
      trustServerCertificate: true,
      serverName: 'wawi.shop.example',
      connectTimeout: 5000,
      requestTimeout: 5000,
    });
    expect(config.options).not.toHaveProperty('instanceName');
  });

  it('uses a named instance instead of the port, and no TLS server name for an IP literal', () => {
    const config = buildTediousConfig({ ...target, hostname: '93.184.216.34', instanceName: 'JTLWAWI' });
    expect(config.options?.instanceName).toBe('JTLWAWI');
    expect(config.options).not.toHaveProperty('port');
    expect(config.options).not.toHaveProperty('serverName');
  });
});

describe('splitInstance', () => {
  it('splits host\\INSTANCE', () => {
    expect(splitInstance('wawi.example\\JTLWAWI')).toEqual({ host: 'wawi.example', instanceName: 'JTLWAWI' });
    expect(splitInstance('wawi.example')).toEqual({ host: 'wawi.example' });
  });
});
