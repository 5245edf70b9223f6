export { createEngine } from './engine';
export type { EngineServices } from './engine';
export type { ExecutionService } from './execution.service';
export { INTERPRETER_MODEL, PLATFORM_PROVIDER } from './execution/models';
export { INTERRUPTED_BY_SHUTDOWN } from './execution/run-signals';
export { runStoragePrefixesOfOrg } from './runs.service';
export type { RunsService } from './runs.service';
export { agentDevice } from './steps/agent-actions';
export type { PerformedAction } from './steps/device-actions';
export { elementAtPoint, fieldLabels, type ElementAtPoint } from './steps/element-at';
export { interpretAssertion, interpretStep, readStepIntent } from './steps/interpreter';
export { sleep } from './steps/settle';
export type {
  AgentAction,
  AgentDevice,
  AgentRun,
  AgentScreen,
  AgentStepInput,
  AgentStepOutcome,
  AgentVerdict,
  CallHold,
  CallUsage,
  Direction,
  ModelResolver,
  RunAgent,
  RunModel,
  RunUsage,
  StepAgent,
  TraceEntry,
} from './steps/step-agent';
export { shardsOf } from './results/suite-shards-view';
export type { ShardView } from './results/suite-shards-view';
export { rollUpVisual } from './visual/visual-compare';
export { closeMaestroScripts } from './maestro/maestro-script-pool';
