/** A kind of tag (e.g. `simple`); tags on features are `type:value` pairs of an existing type. */
export interface TagType {
  name: string;
  description: string | null;
  icon: string | null;
  color: string | null;
}

export interface Tag {
  type: string;
  value: string;
}

/** The tag types of a fresh installation, as Unleash seeds them (`TagTypeSeeder`). */
export const SEED_TAG_TYPES = [{ name: 'simple', description: 'Used to simplify filtering of features', icon: '#', color: '#FFFFFF' }];
