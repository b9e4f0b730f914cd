import {
  BarChartOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  ContainerOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  EditOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  HomeOutlined,
  MailOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** Icon names used by the contract's menu tree. */
const ICONS: Record<string, ReactNode> = {
  'bar-chart': <BarChartOutlined />,
  calendar: <CalendarOutlined />,
  'check-square': <CheckSquareOutlined />,
  container: <ContainerOutlined />,
  'customer-service': <CustomerServiceOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  desktop: <DesktopOutlined />,
  edit: <EditOutlined />,
  'file-text': <FileTextOutlined />,
  folder: <FolderOutlined />,
  global: <GlobalOutlined />,
  home: <HomeOutlined />,
  mail: <MailOutlined />,
  team: <TeamOutlined />,
  tool: <ToolOutlined />,
  user: <UserOutlined />,
};

export function menuIcon(name: string | undefined): ReactNode {
  return name === undefined ? undefined : ICONS[name];
}
