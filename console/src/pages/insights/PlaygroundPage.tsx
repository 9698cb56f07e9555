import { useMutation, useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { Button, Checkbox, CheckboxGroup, Form, Input, Label, TextField } from 'react-aria-components';
import { api, data, type Schemas } from '../../api/client';
import { Pick } from '../../ui/Pick';
import { describeConstraint } from '../flag/summary';

type Feature = Schemas['playgroundFeatureSchema'];
type Evaluated = Schemas['playgroundConstraintSchema'];
interface Property {
  name: string;
  value: string;
}

const outcome = (result: boolean | 'unknown') => (result === 'unknown' ? 'Unknown' : result ? 'True' : 'False');

/** Which flags a context gets in an environment, and why: every strategy, constraint and segment with its own result. */
export default function PlaygroundPage() {
  const environments = useQuery({ queryKey: ['environments'], queryFn: () => data(api.GET('/api/admin/environments')) });
  const projects = useQuery({ queryKey: ['projects'], queryFn: () => data(api.GET('/api/admin/projects')) });
  const [environment, setEnvironment] = useState('development');
  const [chosenProjects, setChosenProjects] = useState<string[]>([]);
  const [context, setContext] = useState({ appName: '', userId: '', sessionId: '', remoteAddress: '' });
  const [properties, setProperties] = useState<Property[]>([]);
  const [open, setOpen] = useState<string>();
  const evaluate = useMutation({
    mutationFn: () =>
      data(
        api.POST('/api/admin/playground', {
          body: {
            environment,
            projects: chosenProjects.length ? chosenProjects : '*',
            context: {
              appName: context.appName,
              ...(context.userId && { userId: context.userId }),
              ...(context.sessionId && { sessionId: context.sessionId }),
              ...(context.remoteAddress && { remoteAddress: context.remoteAddress }),
              properties: Object.fromEntries(properties.filter((row) => row.name).map((row) => [row.name, row.value])),
            },
          },
        }),
      ),
  });
  const setField = (field: keyof typeof context) => (value: string) => setContext((current) => ({ ...current, [field]: value }));
  const setProperty = (index: number, changes: Partial<Property>) =>
    setProperties((rows) => rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));
  const features = evaluate.data?.features ?? [];

  return (
    <section aria-labelledby="playground-heading" className="page">
      <div className="page-header">
        <h1 id="playground-heading">Playground</h1>
      </div>
      <Form
        className="stack narrow-form"
        aria-label="Context"
        onSubmit={(event) => {
          event.preventDefault();
          evaluate.mutate();
        }}
      >
        <Pick
          label="Environment"
          name="environment"
          items={(environments.data?.environments ?? []).map((env) => ({ id: env.name, name: env.name }))}
          value={environment}
          onChange={(value) => setEnvironment(value ?? 'development')}
        />
        <CheckboxGroup className="field" value={chosenProjects} onChange={setChosenProjects}>
          <Label>Projects (none picked: every project)</Label>
          {(projects.data?.projects ?? []).map((project) => (
            <Checkbox key={project.id} value={project.id} className="checkbox">
              {project.name}
            </Checkbox>
          ))}
        </CheckboxGroup>
        {(['appName', 'userId', 'sessionId', 'remoteAddress'] as const).map((field) => (
          <TextField
            key={field}
            className="field"
            name={field}
            value={context[field]}
            onChange={setField(field)}
            isRequired={field === 'appName'}
          >
            <Label>{field}</Label>
            <Input />
          </TextField>
        ))}
        <fieldset className="stack">
          <legend>Custom properties</legend>
          {properties.map((row, index) => (
            <div className="row" key={index}>
              <TextField className="field" value={row.name} onChange={(name) => setProperty(index, { name })}>
                <Label>Property {index + 1} name</Label>
                <Input />
              </TextField>
              <TextField className="field" value={row.value} onChange={(value) => setProperty(index, { value })}>
                <Label>Property {index + 1} value</Label>
                <Input />
              </TextField>
              <Button className="button quiet" onPress={() => setProperties((rows) => rows.filter((_, at) => at !== index))}>
                Remove property {index + 1}
              </Button>
            </div>
          ))}
          <Button className="button" onPress={() => setProperties((rows) => [...rows, { name: '', value: '' }])}>
            Add property
          </Button>
        </fieldset>
        <Button type="submit" className="button primary" isDisabled={evaluate.isPending}>
          {evaluate.isPending ? 'Evaluating…' : 'Evaluate'}
        </Button>
      </Form>
      {evaluate.error && (
        <p role="alert" className="notice error">
          {evaluate.error.message}
        </p>
      )}
      {evaluate.data && (
        <div className="table-wrap">
          <table className="table" aria-label="Results">
            <thead>
              <tr>
                <th scope="col">Flag</th>
                <th scope="col">Project</th>
                <th scope="col">Result</th>
                <th scope="col">Variant</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {features.map((feature) => (
                <Fragment key={`${feature.projectId}/${feature.name}`}>
                  <tr>
                    <td>{feature.name}</td>
                    <td>{feature.projectId}</td>
                    <td>
                      {outcome(
                        feature.isEnabledInCurrentEnvironment && feature.strategies.result === 'unknown' ? 'unknown' : feature.isEnabled,
                      )}
                    </td>
                    <td>{feature.variant.name}</td>
                    <td className="actions">
                      <Button
                        className="button quiet"
                        aria-expanded={open === feature.name}
                        onPress={() => setOpen(open === feature.name ? undefined : feature.name)}
                      >
                        {open === feature.name ? 'Hide' : 'Why'}
                        <span className="visually-hidden"> {feature.name}</span>
                      </Button>
                    </td>
                  </tr>
                  {open === feature.name && (
                    <tr>
                      <td colSpan={5}>
                        <Explanation feature={feature} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
          {features.length === 0 && <div className="empty">No flags in the projects picked.</div>}
        </div>
      )}
    </section>
  );
}

/** Why a flag got its result: off in the environment, a dependency, or each strategy's own evaluation. */
function Explanation({ feature }: { feature: Feature }) {
  if (!feature.isEnabledInCurrentEnvironment) return <p>The flag is off in this environment.</p>;
  return (
    <div className="stack" aria-label={`Evaluation of ${feature.name}`} role="group">
      {feature.hasUnsatisfiedDependency && <p>A flag it depends on is not as required.</p>}
      {feature.strategies.data.length === 0 && <p>No strategies: on for everyone.</p>}
      {feature.strategies.data.map((strategy, index) => (
        <div className="card" key={strategy.id}>
          <p>
            <strong>
              Strategy {index + 1}: {strategy.title || strategy.name}
            </strong>{' '}
            — {outcome(strategy.result.enabled)}
            {strategy.result.evaluationStatus === 'incomplete' && ' (the server cannot evaluate this strategy type)'}
          </p>
          <ConstraintResults constraints={strategy.constraints} />
          {strategy.segments.map((segment) => (
            <div key={segment.id}>
              <p>
                Segment {segment.name} — {outcome(segment.result)}
              </p>
              <ConstraintResults constraints={segment.constraints} />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}

function ConstraintResults({ constraints }: { constraints: Evaluated[] }) {
  if (constraints.length === 0) return null;
  return (
    <ul>
      {constraints.map((constraint, index) => (
        <li key={index}>
          {describeConstraint(constraint)} — {outcome(constraint.result)}
        </li>
      ))}
    </ul>
  );
}
