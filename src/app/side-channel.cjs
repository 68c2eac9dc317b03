'use strict';
/* global module */
// side-channel as the browser build has it (vite.config.ts): a WeakMap for objects, a Map for other
// keys, as the package keeps them, without the ~10 KB gzip of intrinsics and object inspection it
// ships for old engines. qs (Refine's URL parameters) is its only user.
module.exports = function getSideChannel() {
  const weak = new WeakMap();
  const other = new Map();
  const of = (key) => (key !== null && (typeof key === 'object' || typeof key === 'function') ? weak : other);
  return {
    assert(key) {
      if (!of(key).has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => of(key).delete(key),
    get: (key) => of(key).get(key),
    has: (key) => of(key).has(key),
    set(key, value) {
      of(key).set(key, value);
    },
  };
};
