import Autocomplete from '@mui/material/Autocomplete';
import type { SxProps, Theme } from '@mui/material/styles';
import { useList, useNavigation, type HttpError } from '@refinedev/core';
import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { formatRupeesExact, shortOrderId, type Order, type Product, type SessionUser } from '../../domain';
import { SEARCH_FIELD } from '../../providers/data-provider/list-query';
import { SearchField } from '../SearchField';
import { SEARCH_INPUT, SEARCH_PLACEHOLDER } from './HeaderSearch';
import { useAllowed } from './use-allowed';

interface Hit {
  group: string;
  label: string;
  to: string;
}

type Source = ReturnType<typeof source>;
const source = (resource: string, group: string) => ({ resource, group, access: { resource, action: 'list' } });
/** What the box searches, in the order its groups show (an email finds the customer first, then their orders); each only for a role that may list it. */
const PRODUCTS = source('products', 'Products');
const ORDERS = source('orders', 'Orders');
const CUSTOMERS = source('users', 'Customers');
const SOURCES = [CUSTOMERS, ORDERS, PRODUCTS];

/** At most five records of a source matching `term`, through the grids' own server-side search (`q`). */
function useHits<T extends { _id: string }>(
  source: Source,
  term: string,
  enabled: boolean,
  hit: (record: T) => Omit<Hit, 'group'>,
) {
  const { result, query } = useList<T, HttpError>({
    resource: source.resource,
    filters: [{ field: SEARCH_FIELD, operator: 'contains', value: term }],
    pagination: { pageSize: 5 },
    errorNotification: false,
    queryOptions: { enabled: enabled && term !== '' },
  });
  return {
    busy: query.isFetching,
    hits: enabled && term !== '' ? result.data.map((record) => ({ group: source.group, ...hit(record) })) : [],
  };
}

export interface HeaderSearchBoxProps {
  sx?: SxProps<Theme>;
  inputRef: RefObject<HTMLInputElement | null>;
  /** What was typed before the box loaded, and whether it had the focus. */
  initialText: string;
  autoFocus: boolean;
}

/**
 * The header's search: products, orders and customers as the admin types (after a 300 ms pause), Enter
 * opening the first hit (the arrows choose another). A customer opens their page; a product or an order its list, searched for it.
 * HeaderSearch loads it when the box is first pointed at or focused.
 */
export default function HeaderSearchBox({ sx, inputRef, initialText, autoFocus }: HeaderSearchBoxProps) {
  const [text, setText] = useState(initialText);
  const [term, setTerm] = useState(initialText.trim());
  // Text typed before the box loaded opens its hits as typing would have.
  const [open, setOpen] = useState(autoFocus && initialText.trim() !== '');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const navigate = useNavigate();
  const { listUrl, showUrl } = useNavigation();
  const searched = (resource: string, value: string) =>
    `${listUrl(resource)}?filters[0][field]=${SEARCH_FIELD}&filters[0][operator]=contains&filters[0][value]=${encodeURIComponent(value)}`;
  const allowed = useAllowed(SOURCES);
  const lists = [
    useHits<SessionUser>(CUSTOMERS, term, allowed(CUSTOMERS), (user) => ({
      label: `${user.fullname || user.name} · ${user.email}`,
      to: showUrl('users', user._id),
    })),
    useHits<Order>(ORDERS, term, allowed(ORDERS), (order) => ({
      label: `#${shortOrderId(order._id)} · ${order.user?.fullname || order.shippingAddress?.name} · ${formatRupeesExact(order.totalPrice)}`,
      to: searched('orders', order._id),
    })),
    useHits<Product>(PRODUCTS, term, allowed(PRODUCTS), (product) => ({
      label: product.name,
      to: searched('products', product.name),
    })),
  ];
  // No hit of an earlier text is offered (Enter would open it) while the current one is on its way.
  const loading = text.trim() !== term || lists.some((list) => list.busy);

  return (
    <Autocomplete<Hit>
      sx={sx}
      size="small"
      options={loading ? [] : lists.flatMap((list) => list.hits)}
      filterOptions={(hits) => hits}
      groupBy={(hit) => hit.group}
      getOptionLabel={(hit) => hit.label}
      getOptionKey={(hit) => hit.to}
      autoHighlight
      forcePopupIcon={false}
      value={null}
      inputValue={text}
      // Typing sets the text; choosing a hit and leaving the box clear it. Autocomplete also clears it, with
      // no event, as it mounts, which would drop what was typed before the box loaded.
      onInputChange={(event, value, reason) => (reason === 'input' ? setText(value) : event && setText(''))}
      onChange={(_event, hit) => hit && navigate(hit.to)}
      open={open && text.trim() !== ''}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={loading}
      loadingText="Searching..."
      noOptionsText="No results"
      renderInput={({ InputProps, inputProps, ...params }) => (
        <SearchField
          {...params}
          inputRef={inputRef}
          autoFocus={autoFocus}
          placeholder={SEARCH_PLACEHOLDER}
          slotProps={{ input: InputProps, htmlInput: { ...inputProps, ...SEARCH_INPUT } }}
        />
      )}
    />
  );
}
