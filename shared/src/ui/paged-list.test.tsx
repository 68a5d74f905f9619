import { screen } from '@testing-library/react';
import { renderWithPortal } from '../testing';
import { PagedList } from './paged-list';

const list = (page: number, rows: number, total: number, onPageChange = jest.fn()) => {
  renderWithPortal(
    <PagedList
      page={page}
      pageSize={10}
      total={total}
      rows={rows}
      onPageChange={onPageChange}
      empty={<p>No entries yet</p>}
    >
      <p>The rows</p>
    </PagedList>,
  );
  return onPageChange;
};

describe('PagedList', () => {
  it('shows the rows with the pager, and stays on its page', () => {
    const onPageChange = list(2, 10, 23);
    expect(screen.getByText('The rows')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('shows the empty state for a list without rows', () => {
    const onPageChange = list(1, 0, 0);
    expect(screen.getByText('No entries yet')).toBeInTheDocument();
    expect(screen.queryByText('The rows')).not.toBeInTheDocument();
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('moves a page past the end to the last page, showing neither rows nor the empty state', () => {
    const onPageChange = list(7, 0, 23);
    expect(onPageChange).toHaveBeenCalledWith(3);
    expect(screen.queryByText('The rows')).not.toBeInTheDocument();
    expect(screen.queryByText('No entries yet')).not.toBeInTheDocument();
  });
});
