import { List } from '@shopify/polaris';

/** What still stops a form from being sent, one line each; nothing when nothing does. */
export function ProblemList({ problems }: { problems: readonly string[] }) {
  return problems.length > 0 ? (
    <List type="bullet">
      {problems.map((problem) => (
        <List.Item key={problem}>{problem}</List.Item>
      ))}
    </List>
  ) : null;
}
