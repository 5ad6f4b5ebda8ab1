import { call, emit, type CliContext } from '../io';
import type { OperationOutput } from '../../../shared/contract/operations';

export async function infoCommand(ctx: CliContext): Promise<number> {
  const info = await call<OperationOutput<'app.info'>>(ctx, 'app.info', {});
  emit(ctx, info, () => `${info.name} ${info.version} (${info.hostKind} host on ${info.platform})\nData folder: ${info.dataFolder}`);
  return 0;
}
