import { Alert, Button, Empty, List, Skeleton } from 'antd';
import { Link } from 'react-router';
import { useFavouriteInfoReasons } from '../../api/info-reasons.ts';
import { formatCount } from '../../lib/format.ts';

/** «Избранные инфоповоды»: the caller's favourites (profile/favorite_inforeason/), «Показать ещё» for the next page. */
export function FavouriteInfoReasons() {
  const favourites = useFavouriteInfoReasons();
  if (favourites.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (favourites.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Не удалось загрузить избранные инфоповоды"
        description={favourites.error.message}
      />
    );
  }
  const pages = favourites.data.pages;
  const items = pages.flatMap((page) => page.results);
  const total = pages[0]?.elements_count ?? 0;
  if (items.length === 0) return <Empty description="В избранном пока нет инфоповодов" />;
  return (
    <section className="favourite-info-reasons" aria-label="Избранные инфоповоды">
      <p className="themes-page__summary">
        Показано {formatCount(items.length)} из {formatCount(total)}
      </p>
      <List
        bordered
        dataSource={items}
        renderItem={(item) => (
          <List.Item>
            <List.Item.Meta
              title={<Link to={`/info-reason/${item.id}`}>{item.name}</Link>}
              description={
                item.theme ? (
                  <>
                    Тема: <Link to={`/theme/${item.theme.id}`}>{item.theme.name}</Link>
                  </>
                ) : (
                  'Без темы'
                )
              }
            />
          </List.Item>
        )}
      />
      {favourites.hasNextPage ? (
        <Button
          className="favourite-info-reasons__more"
          block
          loading={favourites.isFetchingNextPage}
          onClick={() => void favourites.fetchNextPage()}
        >
          Показать ещё
        </Button>
      ) : null}
    </section>
  );
}
