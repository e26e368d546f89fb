import { Autocomplete, Icon } from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { useEffect, useState } from 'react';
import { query } from '../../api/client.ts';
import { useResource } from '../../api/useResource.ts';
import type { ProductPage } from '../../shared/contract.ts';
import { titleSearchQuery } from '../../shared/product-search.ts';
import { t } from '../../i18n/index.ts';

const DEBOUNCE_MS = 300;

interface Props {
  onChoose: (product: { id: string; title: string }) => void;
}

/**
 * Finds a product by title (Shopify's product search: every typed word as a prefix of a title
 * word, product-search.ts) to show its generations: the list is then read from the per-product
 * index, never by scanning the shop's history for a title.
 */
export function ProductSearch({ onChoose }: Props) {
  const [text, setText] = useState('');
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearched(text.trim()), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  const found = useResource<ProductPage>(
    searched ? `/products${query({ query: titleSearchQuery(searched) })}` : null,
  );
  const products = found.data?.products ?? [];
  return (
    <Autocomplete
      options={products.map((product) => ({ value: product.id, label: product.title }))}
      selected={[]}
      loading={found.loading}
      emptyState={
        searched && !found.loading ? (
          <p>{t('activity.search.none', { query: searched })}</p>
        ) : undefined
      }
      onSelect={([id]) => {
        const product = products.find((candidate) => candidate.id === id);
        if (product) {
          onChoose({ id: product.id, title: product.title });
          setText('');
        }
      }}
      textField={
        <Autocomplete.TextField
          label={t('generate.product.heading')}
          placeholder={t('activity.search.placeholder')}
          prefix={<Icon source={SearchIcon} />}
          value={text}
          onChange={setText}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => setText('')}
        />
      }
    />
  );
}
