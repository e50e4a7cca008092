/**
 * aws-local-stepfunctions uses Promise.withResolvers (Node 22+). The local stack runs on Node 20,
 * so it is added here when missing; Lambda itself runs Node 22 and never loads this.
 */
if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
export {};
