import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import type { Kernel } from '../../core/createKernel.js'
import type { RouteEntry } from '../../core/router.js'
import { Button } from '../../ui/Button.js'
import { Skeleton } from '../../ui/Spinner.js'
import { useKernel, useTranslate } from '../hooks/context.js'

/** What every view component receives. */
export interface ViewProps<P = unknown> {
  params: P
}

type ViewComponent = ComponentType<ViewProps>

/** Renders a view (the one on top of the router's history, or the closed dialog's next), loading it on first use. */
export function ViewOutlet({ route, onShown }: { route: RouteEntry; onShown: (view: string) => void }) {
  const kernel = useKernel()
  const [failure, setFailure] = useState<{ view: string; error: unknown }>()
  const [, setLoadedView] = useState<string>()
  const [attempt, setAttempt] = useState(0)
  // A view loaded before (or preloaded on idle) renders in this very commit, without a skeleton.
  const View = kernel.views.loaded(route.view)?.default as ViewComponent | undefined

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` counts the retries; bumping it loads the view again.
  useEffect(() => {
    if (View) return
    let current = true
    kernel.views.load(route.view).then(
      () => {
        if (current) setLoadedView(route.view)
      },
      (error: unknown) => {
        kernel.logger.error(`The view '${route.view}' failed to load.`, error)
        if (current) setFailure({ view: route.view, error })
      },
    )
    return () => {
      current = false
    }
  }, [kernel, route.view, View, attempt])

  if (failure?.view === route.view) {
    return (
      <ViewFailed
        onRetry={() => {
          setFailure(undefined)
          setAttempt((count) => count + 1)
        }}
      />
    )
  }
  if (!View) return <ViewSkeleton />
  return (
    <ViewErrorBoundary key={`${route.view}:${attempt}`} kernel={kernel} onRetry={() => setAttempt((count) => count + 1)}>
      <Shown view={route.view} onShown={onShown}>
        <View params={route.params} />
      </Shown>
    </ViewErrorBoundary>
  )
}

function Shown({ view, onShown, children }: { view: string; onShown: (view: string) => void; children: ReactNode }) {
  useEffect(() => onShown(view), [view, onShown])
  return children
}

/** Placeholder rows while a view's code loads. */
export function ViewSkeleton() {
  const t = useTranslate()
  return (
    <div aria-busy="true" className="f-list" data-view-skeleton="">
      <span className="f-visually-hidden">{t('modal.loading')}</span>
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={56} />
      ))}
    </div>
  )
}

function ViewFailed({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate()
  return (
    <div className="f-center" role="alert">
      <p className="f-error-text">{t('modal.viewFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('modal.retry')}
      </Button>
    </div>
  )
}

// A view that throws while rendering shows an error with a retry, never a blank modal or a crash.
class ViewErrorBoundary extends Component<{ kernel: Kernel; onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.kernel.logger.error('A view failed while rendering.', error)
  }
  override render() {
    return this.state.failed ? <ViewFailed onRetry={this.props.onRetry} /> : this.props.children
  }
}
