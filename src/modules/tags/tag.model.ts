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
