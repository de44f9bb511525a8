import type { FeatureHandlers } from '../ipc/dispatcher'
import type { ExternalLinks } from './external-links'

/** Links the renderer asks to open: only through the link policy. */
export function shellHandlers(deps: { links: Pick<ExternalLinks, 'open'> }): FeatureHandlers<'shell'> {
  return {
    'shell:openExternal': (url) => deps.links.open(url)
  }
}
