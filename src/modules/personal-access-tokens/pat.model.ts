/** A personal access token as listings show it: never with its secret. */
export interface Pat {
  id: number;
  description: string;
  expiresAt: string;
  createdAt: string;
  seenAt: string | null;
  userId: number;
}

/** The answer to a creation: the only time the secret is ever shown. */
export interface CreatedPat extends Pat {
  secret: string;
}
