import { useLayoutEffect, useRef, useState, type ComponentProps, type ComponentType, type CSSProperties } from 'react';
import { Select, Tabs, type TabsProps } from 'antd';
import './section-tabs.css';

type BarProps = Parameters<NonNullable<TabsProps['renderTabBar']>>[0];
type BarComponent = ComponentType<BarProps>;

type Props = Omit<TabsProps, 'renderTabBar'> & {
  /** Names the select that replaces the tabs when they do not fit. */
  selectLabel?: string;
};

/**
 * Tabs that become a section select when they do not fit their width. antd hides the tabs that
 * overflow behind a «…» button inside the tablist, which hides sections from the user and breaks
 * the tablist's ARIA contract; a select lists every section with its label (and badges) instead.
 * The tab bar stays laid out but invisible, so it keeps measuring and the panels keep their names.
 */
export function SectionTabs({ selectLabel = 'Sección', ...props }: Props) {
  // Uncontrolled use keeps its own active key, so the select and the tabs always agree.
  const [interna, setInterna] = useState(props.defaultActiveKey ?? props.items?.[0]?.key);
  const activa = props.activeKey ?? interna;
  const cambiar = (k: string) => {
    setInterna(k);
    props.onChange?.(k);
  };
  // A column of tabs beside the content grows down, not across: antd lays it out by itself.
  if (props.tabPlacement === 'start' || props.tabPlacement === 'end') return <Tabs {...props} />;
  const opciones = (props.items ?? []).map((i) => ({ value: i.key, label: i.label, disabled: i.disabled }));
  return (
    <Tabs
      {...props}
      activeKey={activa}
      onChange={cambiar}
      className={props.className ? `${props.className} section-tabs` : 'section-tabs'}
      renderTabBar={(barProps, Bar) => (
        <FittingBar
          barProps={barProps}
          Bar={Bar as BarComponent}
          label={selectLabel}
          opciones={opciones}
          value={activa}
          onChange={cambiar}
        />
      )}
    />
  );
}

// Laid out at full width so rc-tabs can tell when the tabs fit again, but neither seen nor read.
const MEASURE: CSSProperties = {
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  height: 0,
  margin: 0,
  overflow: 'hidden',
  visibility: 'hidden',
};

function FittingBar(props: {
  barProps: BarProps;
  Bar: BarComponent;
  label: string;
  opciones: ComponentProps<typeof Select<string>>['options'];
  value: string | undefined;
  onChange: (key: string) => void;
}) {
  // The bar must stay a direct child of .ant-tabs for antd's layout, so a hidden marker finds it.
  const marker = useRef<HTMLSpanElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const tabs = marker.current?.parentElement;
    if (!tabs) return;
    // rc-tabs marks its «…» operations node with `-hidden` while every tab fits.
    const check = () => {
      const ops = tabs.querySelector(':scope > .ant-tabs-nav > .ant-tabs-nav-operations');
      setOverflows(!!ops && !ops.classList.contains('ant-tabs-nav-operations-hidden'));
    };
    check();
    const observer = new MutationObserver(check);
    observer.observe(tabs, { attributes: true, attributeFilter: ['class'], subtree: true, childList: true });
    return () => observer.disconnect();
  }, []);
  const { Bar, barProps } = props;
  return (
    <>
      <span ref={marker} hidden />
      {overflows ? (
        <Select
          aria-label={props.label}
          value={props.value}
          onChange={props.onChange}
          options={props.opciones}
          className="section-tabs-select"
          // Every section without scrolling where it fits; not virtual, so a section past the list's
          // height is still in the page (a screen reader and a search find it) and scrolls into view.
          listHeight={400}
          virtual={false}
          disabled={false}
        />
      ) : null}
      <Bar {...barProps} style={overflows ? { ...barProps.style, ...MEASURE } : barProps.style} />
    </>
  );
}
