import './polyfills';
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { StateMachine } from 'aws-local-stepfunctions';
import { pipelineTasks } from '../../lambdas/pipeline/tasks';
import { invokeHandler } from './lambda-runtime';
import { freePort, readText } from './net';

/**
 * Step Functions stand-in: speaks the service's JSON protocol (StartExecution, DescribeExecution,
 * DescribeStateMachine, ListExecutions) so the handlers' SFN client works unchanged, and runs the
 * very same ASL with aws-local-stepfunctions. Lambda tasks (`arn:aws:states:::lambda:invoke` with a
 * `${…FunctionArn}` substitution) run the task's module in-process, returning what Lambda would.
 */
export interface LocalStateMachine {
  name: string;
  definition: { States: Record<string, unknown>; StartAt: string };
  /** Values of `${Name}` placeholders that are not Lambda task ARNs (bucket names, roles…). */
  substitutions?: Record<string, string>;
  /** Local implementations of AWS service-integration Task states, by state name. */
  serviceTasks?: Record<string, (input: unknown) => Promise<unknown>>;
  /** Milliseconds to wait in Wait states, by state name (polling waits need none locally). */
  waitOverrides?: Record<string, number>;
}

interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: Date;
  stopDate?: Date;
  done: Promise<void>;
}

export interface StepFunctionsLocal {
  endpoint: string;
  stateMachineArn(name: string): string;
  /** Resolves when every running execution has finished (tests and orderly shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const ACCOUNT = '000000000000';

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

const substitutionOf = (state: Record<string, unknown>): string | undefined => {
  const params = state.Parameters as Record<string, unknown> | undefined;
  const fn = typeof params?.FunctionName === 'string' ? params.FunctionName : undefined;
  return fn ? /^\$\{(\w+)\}$/.exec(fn)?.[1] : undefined;
};

/** Task-state overrides: each Lambda task of the definition runs its pipeline module locally. */
const localTaskHandlers = (machine: LocalStateMachine) => {
  const { definition } = machine;
  const bySubstitution = new Map(Object.values(pipelineTasks).map((task) => [task.substitution as string, task]));
  const handlers: Record<string, (input: unknown) => Promise<unknown>> = {};
  const visit = (states: Record<string, unknown>) => {
    for (const [name, raw] of Object.entries(states)) {
      const state = raw as Record<string, unknown>;
      const service = machine.serviceTasks?.[name];
      if (state.Type === 'Task' && service) {
        handlers[name] = service;
      } else if (state.Type === 'Task') {
        const substitution = substitutionOf(state);
        const task = substitution ? bySubstitution.get(substitution) : undefined;
        if (!task) throw new Error(`Task state ${name} has neither a pipeline task nor a local service implementation`);
        handlers[name] = async (input) => {
          const payload = (input as { Payload?: unknown }).Payload;
          return { StatusCode: 200, Payload: (await invokeHandler(task.handler, payload)) ?? null };
        };
      }
      for (const branch of (state.Branches as { States: Record<string, unknown> }[] | undefined) ?? []) visit(branch.States);
      const iterator = (state.ItemProcessor ?? state.Iterator) as { States: Record<string, unknown> } | undefined;
      if (iterator) visit(iterator.States);
    }
  };
  visit(definition.States);
  return handlers;
};

/** Fills `${Name}` placeholders the way CDK's definitionSubstitutions do: given values, else local Lambda ARNs. */
const substitute = (machine: LocalStateMachine, region: string) =>
  JSON.parse(
    JSON.stringify(machine.definition).replace(
      /\$\{(\w+)\}/g,
      (_, name: string) => machine.substitutions?.[name] ?? `arn:aws:lambda:${region}:${ACCOUNT}:function:local-${name}`,
    ),
  ) as LocalStateMachine['definition'];

export const startStepFunctionsLocal = async (options: {
  region: string;
  machines: LocalStateMachine[];
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}): Promise<StepFunctionsLocal> => {
  const arnOf = (name: string) => `arn:aws:states:${options.region}:${ACCOUNT}:stateMachine:${name}`;
  const machines = new Map(
    options.machines.map((machine) => {
      const definition = substitute(machine, options.region);
      return [
        arnOf(machine.name),
        {
          name: machine.name,
          definition,
          runner: new StateMachine(definition as never, { validationOptions: { checkArn: false } }),
          taskHandlers: localTaskHandlers(machine),
          waitOverrides: machine.waitOverrides ?? {},
        },
      ] as const;
    }),
  );
  const executions = new Map<string, Execution>();

  const machineOf = (arn: unknown) => {
    const machine = typeof arn === 'string' ? machines.get(arn) : undefined;
    if (!machine) throw new ServiceError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${String(arn)}'`);
    return machine;
  };
  const executionOf = (arn: unknown) => {
    const execution = typeof arn === 'string' ? executions.get(arn) : undefined;
    if (!execution) throw new ServiceError('ExecutionDoesNotExist', `Execution Does Not Exist: '${String(arn)}'`);
    return execution;
  };
  const describeExecution = (e: Execution) => ({
    executionArn: e.executionArn,
    stateMachineArn: e.stateMachineArn,
    name: e.name,
    status: e.status,
    input: e.input,
    output: e.output,
    error: e.error,
    cause: e.cause,
    startDate: e.startDate.getTime() / 1000,
    stopDate: e.stopDate ? e.stopDate.getTime() / 1000 : undefined,
  });

  const actions: Record<string, (body: Record<string, unknown>) => unknown> = {
    DescribeStateMachine: (body) => {
      const machine = machineOf(body.stateMachineArn);
      return {
        stateMachineArn: body.stateMachineArn,
        name: machine.name,
        status: 'ACTIVE',
        definition: JSON.stringify(machine.definition),
        roleArn: `arn:aws:iam::${ACCOUNT}:role/local`,
        type: 'STANDARD',
        creationDate: 0,
      };
    },
    StartExecution: (body) => {
      const stateMachineArn = String(body.stateMachineArn);
      const machine = machineOf(stateMachineArn);
      const name = typeof body.name === 'string' && body.name ? body.name : randomUUID();
      const input = typeof body.input === 'string' ? body.input : '{}';
      const executionArn = `arn:aws:states:${options.region}:${ACCOUNT}:execution:${machine.name}:${name}`;
      const existing = executions.get(executionArn);
      if (existing) {
        // As in Step Functions: same name and input while running is idempotent; anything else is refused.
        if (existing.status === 'RUNNING' && existing.input === input) return { executionArn, startDate: existing.startDate.getTime() / 1000 };
        throw new ServiceError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
      }
      let parsedInput: unknown;
      try {
        parsedInput = JSON.parse(input);
      } catch {
        throw new ServiceError('InvalidExecutionInput', 'Invalid execution input: not JSON');
      }
      const execution: Execution = { executionArn, stateMachineArn, name, status: 'RUNNING', input, startDate: new Date(), done: Promise.resolve() };
      executions.set(executionArn, execution);
      const run = machine.runner.run(parsedInput as never, {
        overrides: { taskResourceLocalHandlers: machine.taskHandlers as never, waitTimeOverrides: machine.waitOverrides },
        context: { Execution: { Id: executionArn, Name: name, Input: parsedInput as never, StartTime: execution.startDate.toISOString() } },
      });
      execution.done = run.result
        .then(
          (output) => {
            execution.status = 'SUCCEEDED';
            execution.output = JSON.stringify(output);
          },
          (error: unknown) => {
            const failure = error as { name?: string; message?: string; cause?: { name?: string; message?: string } };
            execution.status = 'FAILED';
            execution.error = failure.cause?.name ?? failure.name ?? 'States.Runtime';
            execution.cause = failure.cause?.message ?? failure.message ?? '';
          },
        )
        .finally(() => {
          execution.stopDate = new Date();
          options.log?.('execution finished', { name, status: execution.status, error: execution.error });
        });
      return { executionArn, startDate: execution.startDate.getTime() / 1000 };
    },
    DescribeExecution: (body) => describeExecution(executionOf(body.executionArn)),
    ListExecutions: (body) => {
      machineOf(body.stateMachineArn);
      const list = [...executions.values()]
        .filter((e) => e.stateMachineArn === body.stateMachineArn && (!body.statusFilter || e.status === body.statusFilter))
        .reverse()
        .map(({ executionArn, stateMachineArn, name, status, startDate, stopDate }) => ({
          executionArn,
          stateMachineArn,
          name,
          status,
          startDate: startDate.getTime() / 1000,
          stopDate: stopDate ? stopDate.getTime() / 1000 : undefined,
        }));
      return { executions: list };
    },
  };

  const respond = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    const action = String(req.headers['x-amz-target'] ?? '').replace(/^AWSStepFunctions\./, '');
    try {
      const handler = actions[action];
      if (req.method !== 'POST' || !handler) throw new ServiceError('UnknownOperationException', `Unsupported operation ${action}`);
      const raw = await readText(req);
      respond(res, 200, handler(raw ? (JSON.parse(raw) as Record<string, unknown>) : {}));
    } catch (error) {
      if (error instanceof ServiceError) respond(res, 400, { __type: error.type, message: error.message });
      else respond(res, 500, { __type: 'InternalFailure', message: error instanceof Error ? error.message : String(error) });
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const idle = async () => {
    await Promise.all([...executions.values()].map((e) => e.done));
  };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stateMachineArn: arnOf,
    idle,
    stop: async () => {
      await Promise.race([idle(), new Promise((resolve) => setTimeout(resolve, 5000))]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
