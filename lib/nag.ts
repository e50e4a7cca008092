import { Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { Policy } from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag v3 runs as a CDK validation plugin (no longer an Aspect): registered on the App, it checks
 * every resource after the templates are written and fails synthesis on any finding that is not
 * acknowledged. Acknowledgments are CDK's own `Validations.of(construct).acknowledge()`, exact per
 * finding (no prefix matching), and apply to the construct and everything below it. They are also
 * copied into the templates' `cdk_nag` metadata, so each reason is visible where the resource is.
 */
export const addNagChecks = (scope: IConstruct): void => {
  Validations.of(scope).addPlugins(new AwsSolutionsChecks(scope, { verbose: true, writeSuppressionsToCloudFormation: true }));
};

/** Acknowledges one exact finding (`AwsSolutions-APIG4`, `AwsSolutions-IAM5[Resource::*]`) with its reason. */
export const acknowledge = (scope: IConstruct, id: string, reason: string): void => {
  Validations.of(scope).acknowledge({ id, reason });
};

/**
 * The finding id cdk-nag reports for a wildcard resource in a policy: the resource as it appears in
 * the template, flattened the way cdk-nag flattens it (`arn:<AWS::Partition>:s3:::name/uploads/*`).
 * Only meaningful for values whose template form does not depend on the consuming stack (literals
 * and pseudo parameters), which is why wildcard resources here are built from names, not references.
 */
export const iam5Resource = (scope: IConstruct, resource: string): string =>
  `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;

export const iam5Action = (action: string): string => `AwsSolutions-IAM5[Action::${action}]`;

export const iam4ManagedPolicy = (policyName: string): string => `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${policyName}]`;

/**
 * The IAM5 findings cdk-nag will report for a policy: each wildcard action and each resource whose
 * template form contains `*`. Used only for policies that CDK's own constructs write (custom
 * resource handlers), whose exact statements are CDK's choice, not ours.
 */
export const iam5Findings = (policy: Policy): { actions: string[]; resources: string[] } => {
  const document = Stack.of(policy).resolve(policy.document.toJSON()) as {
    Statement?: { Effect: string; Action?: string | string[]; Resource?: unknown }[];
  };
  const actions = new Set<string>();
  const resources = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action ?? []].flat()) if (action.includes('*')) actions.add(iam5Action(action));
    for (const resource of [statement.Resource ?? []].flat()) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) resources.add(`AwsSolutions-IAM5[Resource::${flat}]`);
    }
  }
  return { actions: [...actions], resources: [...resources] };
};
