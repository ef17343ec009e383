import type { BlogPost } from '@sortie/core';
import { useApiQuery } from './useApiQuery';

/** The blog's reads (no operation of the table: the blog page downloads none). */

/** GET /api/blogPosts: one page of `limit` articles, `page` counted from 1. */
export const useBlogPage = (page: number, limit: number) => useApiQuery(`blog:${page}`, (api) => api.list<BlogPost>('blogPosts', { limit, offset: (page - 1) * limit }));

/** GET /api/blogPosts/{slug}. */
export const useBlogPost = (slug: string) => useApiQuery(`blog-post:${slug}`, (api) => api.get<BlogPost>('blogPosts', slug));
