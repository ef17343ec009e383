// The desktop's notification server, as Chromium on Linux talks to it: a private D-Bus session
// bus (Debian's dbus-daemon) on which this process owns `org.freedesktop.Notifications` (the
// freedesktop Desktop Notifications Specification, 1.2). Chromium, started with this bus in
// DBUS_SESSION_BUS_ADDRESS, shows a site's notifications here instead of in its own message
// center, and takes the server's `ActionInvoked(id, "default")` signal for a click on the
// notification — the user's own click, as a desktop would send it: Chromium then fires the
// service worker's `notificationclick` with the user activation that lets it open a window.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dbus from 'dbus-next';

export interface DesktopNotification {
  id: number;
  appName: string;
  summary: string;
  body: string;
  /** Pairs of action key and label, as Chromium offers them ("default" is the click on the notification). */
  actions: string[];
  closed: boolean;
}

export interface DesktopNotifications {
  /** The bus address to give Chromium (DBUS_SESSION_BUS_ADDRESS). */
  address: string;
  /** What Chromium has shown so far, first first. */
  shown: DesktopNotification[];
  /** The visitor clicks the notification (its default action). */
  click(id: number): void;
  stop(): Promise<void>;
}

export async function startDesktopNotifications(): Promise<DesktopNotifications> {
  const folder = mkdtempSync(join(tmpdir(), 'sortie-dbus-'));
  let daemon: number | undefined;
  try {
    const printed = execFileSync(
      'dbus-daemon',
      ['--session', `--address=unix:path=${join(folder, 'bus')}`, '--print-address=1', '--print-pid=1', '--fork', '--nopidfile', '--nosyslog'],
      { encoding: 'utf8' },
    )
      .trim()
      .split('\n');
    const address = printed[0]!;
    daemon = Number(printed[1]);
    const shown: DesktopNotification[] = [];

    class Notifications extends dbus.interface.Interface {
      GetCapabilities(): string[] {
        return ['actions', 'body', 'body-hyperlinks', 'body-markup', 'icon-static'];
      }
      GetServerInformation(): string[] {
        return ['sortie-e2e', 'Sortie', '1.0', '1.2'];
      }
      Notify(appName: string, replacesId: number, _icon: string, summary: string, body: string, actions: string[]): number {
        const existing = replacesId ? shown.find((notification) => notification.id === replacesId) : undefined;
        if (existing) {
          Object.assign(existing, { appName, summary, body, actions, closed: false });
          return existing.id;
        }
        const id = shown.length + 1;
        shown.push({ id, appName, summary, body, actions, closed: false });
        return id;
      }
      CloseNotification(id: number): void {
        const notification = shown.find((candidate) => candidate.id === id);
        if (notification) notification.closed = true;
      }
      ActionInvoked(id: number, key: string): [number, string] {
        return [id, key];
      }
      NotificationClosed(id: number, reason: number): [number, number] {
        return [id, reason];
      }
    }
    Notifications.configureMembers({
      methods: {
        GetCapabilities: { inSignature: '', outSignature: 'as' },
        GetServerInformation: { inSignature: '', outSignature: 'ssss' },
        Notify: { inSignature: 'susssasa{sv}i', outSignature: 'u' },
        CloseNotification: { inSignature: 'u', outSignature: '' },
      },
      signals: { ActionInvoked: { signature: 'us' }, NotificationClosed: { signature: 'uu' } },
    });

    const bus = dbus.sessionBus({ busAddress: address });
    const server = new Notifications('org.freedesktop.Notifications');
    await bus.requestName('org.freedesktop.Notifications', 0);
    bus.export('/org/freedesktop/Notifications', server);
    const pid = daemon;
    return {
      address,
      shown,
      click(id) {
        server.ActionInvoked(id, 'default');
      },
      async stop() {
        bus.disconnect();
        process.kill(pid);
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (daemon) process.kill(daemon);
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}
