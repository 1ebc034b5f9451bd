import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The first render of an antd page can take over a second on a busy CI machine; findBy/waitFor wait up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks matchMedia, which antd's responsive helpers read.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom lacks ResizeObserver, which antd's virtual lists and overflow helpers observe with.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { configurable: true, value: ResizeObserverStub });
}

// React Router's scroll restoration calls scrollTo, which jsdom does not implement.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
