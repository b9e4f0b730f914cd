import { Button, Form, Input, InputNumber, theme } from 'antd';
import { LockOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { APP_TITLE } from '@predio/contract/constants';
import { ZLoginBody } from '@predio/contract/usuarios';
import logo from '../../assets/logo.svg';
import { zodRule } from '../../components/zod-rule.ts';
import { useLogin } from './api/login.ts';
import './login-page.css';

type LoginForm = { idEmpresa: number | null; usuario: string; clave: string };

const LAST_COMPANY_KEY = 'predio-ultima-empresa';

function lastCompany(): number | null {
  const stored = Number(localStorage.getItem(LAST_COMPANY_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : null;
}

export function LoginPage() {
  const login = useLogin();
  const [form] = Form.useForm<LoginForm>();
  const { token } = theme.useToken();

  const submit = (values: LoginForm) => {
    // spec §5: the username is trimmed before sending (the schema's transform does it).
    const body = ZLoginBody.parse(values);
    localStorage.setItem(LAST_COMPANY_KEY, String(body.idEmpresa));
    login.mutate(body);
  };

  return (
    <main className="login-page">
      {/* Drawn as antd's Card and Typography draw them, from the theme's tokens: those components bring tabs,
          menus and text editing along, which this page would be the only reason to load before logging in. */}
      <div
        className="login-card"
        style={{
          background: token.colorBgContainer,
          border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          padding: token.paddingLG,
          color: token.colorText,
          fontFamily: token.fontFamily,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
        }}
      >
        <div className="login-brand">
          <img src={logo} alt="" width={48} height={48} />
          <div>
            <h3
              style={{
                margin: 0,
                color: token.colorTextHeading,
                fontWeight: token.fontWeightStrong,
                fontSize: token.fontSizeHeading3,
                lineHeight: token.lineHeightHeading3,
              }}
            >
              {APP_TITLE}
            </h3>
            <span style={{ color: token.colorTextDescription }}>Ingrese con los datos de su empresa</span>
          </div>
        </div>
        <Form<LoginForm>
          form={form}
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ idEmpresa: lastCompany(), usuario: '', clave: '' }}
          onFinish={submit}
          disabled={login.isPending}
        >
          <Form.Item
            label="Empresa"
            name="idEmpresa"
            rules={[{ required: true, message: 'Empresa es obligatoria' }, zodRule(ZLoginBody.shape.idEmpresa, 'Empresa')]}
          >
            <InputNumber prefix={<ShopOutlined />} min={1} precision={0} controls={false} style={{ width: '100%' }} autoFocus />
          </Form.Item>
          <Form.Item label="Usuario" name="usuario" rules={[zodRule(ZLoginBody.shape.usuario, 'Usuario')]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoCapitalize="off" spellCheck={false} />
          </Form.Item>
          <Form.Item label="Contraseña" name="clave" rules={[zodRule(ZLoginBody.shape.clave, 'Contraseña')]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            Ingresar
          </Button>
        </Form>
      </div>
    </main>
  );
}
