// The parts of the service worker's global scope the worker uses. The web package compiles
// against the DOM library, which cannot be combined with the WebWorker one in one program.

export interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface WindowClientLike {
  url: string;
  visibilityState: string;
  /** Whether the visitor is on this tab (the window and the tab have the focus). */
  focused: boolean;
  focus(): Promise<WindowClientLike>;
  navigate(url: string): Promise<WindowClientLike | null>;
  postMessage(message: unknown): void;
}

export interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}

export interface NotificationEventLike extends ExtendableEventLike {
  action: string;
  notification: { data: unknown; close(): void };
}

export interface MessageEventLike extends ExtendableEventLike {
  data: unknown;
  ports: readonly MessagePort[];
}

export interface FetchEventLike extends ExtendableEventLike {
  request: Request;
}

export interface ServiceWorkerScope {
  location: Location;
  registration: {
    showNotification(title: string, options: object): Promise<void>;
    /** Absent from browsers without navigation preload. */
    navigationPreload?: { enable(): Promise<void> };
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<WindowClientLike | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
}
