import { Button, Card, Form, Input, InputNumber, Typography } from 'antd';
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

  const submit = (values: LoginForm) => {
    // spec §5: the username is trimmed before sending (the schema's transform does it).
    const body = ZLoginBody.parse(values);
    localStorage.setItem(LAST_COMPANY_KEY, String(body.idEmpresa));
    login.mutate(body);
  };

  return (
    <main className="login-page">
      <Card className="login-card">
        <div className="login-brand">
          <img src={logo} alt="" width={48} height={48} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {APP_TITLE}
            </Typography.Title>
            <Typography.Text type="secondary">Ingrese con los datos de su empresa</Typography.Text>
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
      </Card>
    </main>
  );
}
