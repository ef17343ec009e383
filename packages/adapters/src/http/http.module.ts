import { ContainerModule } from 'inversify';
import { LinkResolverPort, ProductApiPort } from '@sortie/core';
import { ApiClient, FetchApiClient, type ApiClientOptions } from './api-client';
import { HttpLinkResolverAdapter } from './http-link-resolver.adapter';
import { HttpProductApiAdapter } from './http-product-api.adapter';

export type HttpModuleConfig = { apiBaseUrl: string } & Omit<ApiClientOptions, 'baseUrl'>;

/** The product API over HTTP: ApiClient, ProductApiPort and LinkResolverPort. */
export function httpModule(config: HttpModuleConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const { apiBaseUrl, ...options } = config;
    bind(ApiClient).toConstantValue(new FetchApiClient({ baseUrl: apiBaseUrl, ...options }));
    bind(ProductApiPort).to(HttpProductApiAdapter).inSingletonScope();
    bind(LinkResolverPort).to(HttpLinkResolverAdapter).inSingletonScope();
  });
}
