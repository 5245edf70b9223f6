import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import { apiTime } from '../../http/api-time';
import { notFound } from '../../errors';
import { recordAudit } from '../audit';
import {
  deleteProviderKey,
  findProviderKey,
  listProviderKeys,
  upsertProviderKey,
  type ProviderKeyRow,
} from './ai.repository';
import type { AddKeyBody, KeyResponse } from './ai.schemas';
import type { AiDeps } from './model-reach';

/** `…` and the key's last 4 characters: enough to recognise a key, never to use it. */
export function keyHint(apiKey: string): string {
  return `…${apiKey.slice(-4)}`;
}

function render(row: ProviderKeyRow): KeyResponse {
  return { id: row.id, provider: row.provider, key_hint: row.keyHint, created_at: apiTime(row.createdAt) };
}

/** The organization's own provider keys (BYOK). */
export class ProviderKeysService {
  constructor(private readonly deps: Pick<AiDeps, 'secretBox'>) {}

  /**
   * Stores a provider key sealed with AES-256-GCM, replacing the organization's key for that
   * provider. The key is never returned or logged; only its hint is kept in clear.
   */
  async addKey({ ctx, input }: { ctx: Ctx; input: AddKeyBody }): Promise<KeyResponse> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const replaced = await findProviderKey(tx.db, org.id, input.provider);
      const row = await upsertProviderKey(tx.db, {
        organizationId: org.id,
        provider: input.provider,
        sealedKey: this.deps.secretBox.seal(input.api_key),
        keyHint: keyHint(input.api_key),
        createdByUserId: actorIdentity(tx).userId,
        createdAt: tx.clock.now(),
      });
      await recordAudit(tx, {
        action: 'ai_key.created',
        resourceType: 'ai_key',
        resourceId: row.id,
        details: { provider: row.provider, key_hint: row.keyHint, replaced: replaced?.keyHint ?? null },
      });
      return render(row);
    });
  }

  async listKeys({ ctx }: { ctx: Ctx }): Promise<KeyResponse[]> {
    const org = requireRole(ctx, 'viewer');
    return (await listProviderKeys(ctx.db, org.id)).map(render);
  }

  async deleteKey({ ctx, input }: { ctx: Ctx; input: { keyId: number } }): Promise<{ status: 'deleted' }> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const row = await deleteProviderKey(tx.db, org.id, input.keyId);
      if (!row) throw notFound('Provider key');
      await recordAudit(tx, {
        action: 'ai_key.deleted',
        resourceType: 'ai_key',
        resourceId: row.id,
        details: { provider: row.provider, key_hint: row.keyHint },
      });
      return { status: 'deleted' as const };
    });
  }
}
