/**
 * MurmurHash3, x86 32-bit variant, over the UTF-8 bytes of `key`: the hash every Unleash SDK uses for stickiness.
 * For ASCII keys it equals the `murmurhash3js` package the Node SDK uses.
 */
export function murmurHash3(key: string, seed = 0): number {
  const bytes = Buffer.from(key, 'utf8');
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const blocks = bytes.length - (bytes.length % 4);
  let h1 = seed >>> 0;

  for (let i = 0; i < blocks; i += 4) {
    let k1 = bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24);
    k1 = Math.imul(k1, c1);
    k1 = (k1 << 15) | (k1 >>> 17);
    k1 = Math.imul(k1, c2);
    h1 ^= k1;
    h1 = (h1 << 13) | (h1 >>> 19);
    h1 = (Math.imul(h1, 5) + 0xe6546b64) | 0;
  }

  let k1 = 0;
  switch (bytes.length & 3) {
    case 3:
      k1 ^= bytes[blocks + 2] << 16;
    // falls through
    case 2:
      k1 ^= bytes[blocks + 1] << 8;
    // falls through
    case 1:
      k1 ^= bytes[blocks];
      k1 = Math.imul(k1, c1);
      k1 = (k1 << 15) | (k1 >>> 17);
      k1 = Math.imul(k1, c2);
      h1 ^= k1;
  }

  h1 ^= bytes.length;
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13;
  h1 = Math.imul(h1, 0xc2b2ae35);
  h1 ^= h1 >>> 16;
  return h1 >>> 0;
}

/** Unleash's normalisation of a stickiness value into 1..normalizer: `hash(groupId:id, seed) % normalizer + 1`. */
export function normalizedValue(id: string, groupId: string, normalizer = 100, seed = 0): number {
  return (murmurHash3(`${groupId}:${id}`, seed) % normalizer) + 1;
}

/** The seed SDKs use when they pick a variant, so variant buckets are independent of rollout buckets. */
export const VARIANT_SEED = 86028157;
