import { ContainerModule } from 'inversify';
import { LinkResolverPort, ProductApiPort } from '@sortie/core';
import { ApiClient, FetchApiClient, type ApiClientOptions } from './api-client';
import { HttpLinkResolverAdapter } from './http-link-resolver.adapter';
import { HttpProductApiAdapter } from './http-product-api.adapter';

export type HttpModuleConfig = { apiBaseUrl: string } & Omit<ApiClientOptions, 'baseUrl'> & {
  /** The transport and the product API the program already made before its container (the web app's eager services). */
  existing?: { client: ApiClient; api: ProductApiPort };
};

/** The product API over HTTP: ApiClient, ProductApiPort and LinkResolverPort. */
export function httpModule(config: HttpModuleConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const { apiBaseUrl, existing, ...options } = config;
    const client = existing?.client ?? new FetchApiClient({ baseUrl: apiBaseUrl, ...options });
    bind(ApiClient).toConstantValue(client);
    bind(ProductApiPort).toConstantValue(existing?.api ?? new HttpProductApiAdapter(client));
    bind(LinkResolverPort).to(HttpLinkResolverAdapter).inSingletonScope();
  });
}
