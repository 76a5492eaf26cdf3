import type { CustomerVideo, VideoRating, VideoRatingSummary } from '@studio/shared/types/videos';
import { api } from '../../lib/api-client';
import { queryClient, queryOptions } from '../../lib/server-data';

/** What GET /videos answers: one page of 32, newest first. */
export interface VideoPage {
  videos: CustomerVideo[];
  total: number;
  page: number;
  page_size: number;
}

/** The list's filters as the screen keeps them (the URL's search params). */
export interface VideoFilters {
  query?: string;
  instructor_id?: number;
  class_type_id?: number;
  completed?: boolean;
  page: number;
}

export function videosSearch(filters: VideoFilters): string {
  const params = new URLSearchParams();
  if (filters.query) params.set('query', filters.query);
  if (filters.instructor_id !== undefined) params.set('instructor_id', String(filters.instructor_id));
  if (filters.class_type_id !== undefined) params.set('class_type_id', String(filters.class_type_id));
  if (filters.completed !== undefined) params.set('completed', String(filters.completed));
  params.set('page', String(filters.page));
  return params.toString();
}

export const onlineKeys = {
  all: ['videos'] as const,
  lists: ['videos', 'list'] as const,
  list: (filters: VideoFilters) => ['videos', 'list', filters] as const,
  favorites: ['videos', 'favorites'] as const,
  detail: (id: number) => ['videos', 'detail', id] as const,
};

/** The screens show their own failures (412, 404, retry), so none goes to the global alert. */
export const videosQuery = (filters: VideoFilters) =>
  queryOptions({
    queryKey: onlineKeys.list(filters),
    queryFn: ({ signal }) => api.get<VideoPage>(`/videos?${videosSearch(filters)}`, { signal }),
    meta: { alert: false, private: true },
  });

export const favoritesQuery = queryOptions({
  queryKey: onlineKeys.favorites,
  queryFn: async ({ signal }) => (await api.get<{ favorites: CustomerVideo[] }>('/favorites', { signal })).favorites,
  meta: { alert: false, private: true },
});

export const videoQuery = (id: number) =>
  queryOptions({
    queryKey: onlineKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<{ video: CustomerVideo }>(`/videos/${id}`, { signal })).video,
    meta: { alert: false, private: true },
  });

/** The filters' options; a failure leaves the select with its "all" option only. */
export function setFavorite({ video_id, favorite }: { video_id: number; favorite: boolean }): Promise<unknown> {
  return favorite ? api.post('/favorites', { video_id }) : api.delete(`/favorites/${video_id}`);
}

export async function setCompleted({ video_id, completed }: { video_id: number; completed: boolean }): Promise<CustomerVideo> {
  return (await api.put<{ video: CustomerVideo }>(`/videos/${video_id}/${completed ? 'complete' : 'uncomplete'}`, {})).video;
}

export function rateVideo(input: { video_id: number; stars: number; comment?: string }): Promise<{ rating: VideoRating; summary: VideoRatingSummary }> {
  return api.post('/videos/rating', input);
}

type Patch = Partial<Pick<CustomerVideo, 'favorite' | 'completed' | 'rating'>>;

/** Writes the caller's new flags on one video into every cached list, favorites and detail that holds it. */
export function patchCachedVideo(videoId: number, patch: Patch): void {
  const apply = (video: CustomerVideo) => (video.video_id === videoId ? { ...video, ...patch } : video);
  queryClient.setQueriesData<VideoPage>({ queryKey: onlineKeys.lists }, (page) => (page ? { ...page, videos: page.videos.map(apply) } : page));
  queryClient.setQueriesData<CustomerVideo[]>({ queryKey: onlineKeys.favorites }, (videos) => videos?.map(apply));
  queryClient.setQueryData<CustomerVideo>(onlineKeys.detail(videoId), (video) => (video ? apply(video) : video));
}

/** Marks cached reads stale without refetching the ones on screen (a card stays put until the view is opened again). */
export function markStale(queryKey: readonly unknown[]): void {
  void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
}
