import { IndexTable, useBreakpoints } from '@shopify/polaris';
import type { GenerationView } from '../../shared/contract.ts';
import { GenerationRow } from './GenerationRow.tsx';

interface Props {
  generations: GenerationView[];
  onChange: () => void;
}

export function ActivityTable({ generations, onChange }: Props) {
  const { smDown } = useBreakpoints();
  return (
    <IndexTable
      resourceName={{ singular: 'generation', plural: 'generations' }}
      itemCount={generations.length}
      selectable={false}
      condensed={smDown}
      headings={[
        { title: 'Product' },
        { title: 'Before and after' },
        { title: 'State' },
        { title: 'Model' },
        { title: 'Credits', alignment: 'end' },
        { title: 'Started' },
        { title: 'Actions' },
      ]}
    >
      {generations.map((generation, index) => (
        <GenerationRow
          key={generation.id}
          generation={generation}
          position={index}
          condensed={smDown}
          onChange={onChange}
        />
      ))}
    </IndexTable>
  );
}
